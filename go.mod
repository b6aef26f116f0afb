module github.com/cutego/cutego

go 1.26
