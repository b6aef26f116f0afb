# cutego CLI: `make cli-demo` pipes documented examples through `cutego eval` and shows
# `cutego print` tables. Included by the top Makefile (-include ci/*.mk).
.PHONY: cli-demo
DEMO_TARGETS += cli-demo

cli-demo: build
	@echo "== cutego eval (docs/EVAL.md examples; one line out per line in)"
	@grep -v '^#' ci/cli-demo.txt | grep . > $(BUILD)/cli-demo.in
	@$(BUILD)/cutego eval < $(BUILD)/cli-demo.in | paste -d'\t' $(BUILD)/cli-demo.in - | awk -F'\t' '{ printf "%-58s -> %s\n", $$1, $$2 }'
	@echo
	@echo "== cutego print (CuTe's print_layout)"
	$(BUILD)/cutego print '(4,5):(16,64)'
	$(BUILD)/cutego print 'Sw<2,0,2> o 0 o (4,4):(4,1)'
	@echo "== cutego render --tv (8,4) ((4,2),2):((2,16),1) > $(BUILD)/tv.svg"
	@$(BUILD)/cutego render --tv '(8,4)' '((4,2),2):((2,16),1)' > $(BUILD)/tv.svg && echo "wrote $(BUILD)/tv.svg"
