module github.com/cutego/cutego

go 1.26

require (
	github.com/NVIDIA/go-nvml v0.13.4-1
	github.com/dustin/go-humanize v1.1.0
	github.com/stretchr/testify v1.12.1
	gonum.org/v1/gonum v0.17.0
	gorgonia.org/cu v0.9.6
)

require (
	github.com/google/uuid v1.6.0 // indirect
	github.com/pkg/errors v0.9.1 // indirect
	go.yaml.in/yaml/v3 v3.0.5 // indirect
)
