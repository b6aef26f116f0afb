# The README's interop figures are those of interop/LAST_TABLE.txt (the table of the last full
# `make interop`): ci/readme_counts.py checks them, and `ci/readme_counts.py --write` rewrites
# them from the table.
.PHONY: readme-counts
TEST_TARGETS += readme-counts

readme-counts:
	python3 ci/readme_counts.py
