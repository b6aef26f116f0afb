# cutego CLI: `make cli-demo` pipes documented examples through `cutego eval` and shows
# `cutego print` tables. Included by the top Makefile (-include ci/*.mk).
.PHONY: cli-demo
DEMO_TARGETS += cli-demo

cli-demo: build
	@echo "== cutego eval (docs/EVAL.md examples; one line out per line in)"
	@grep -v '^#' ci/cli-demo.txt | grep . > $(BUILD)/cli-demo.in
	@$(BUILD)/cutego eval < $(BUILD)/cli-demo.in | paste -d'\t' $(BUILD)/cli-demo.in - | awk -F'\t' '{ printf "%-58s -> %s\n", $$1, $$2 }'
	@echo
	@echo "== cutego eval EXPR... (arguments; exit status 1 when a line failed)"
	$(BUILD)/cutego eval 'auto tiler = make_tile(Layout<_3,_4>{}, Layout<_8,_2>{});' 'composition(make_layout(make_shape(12,make_shape(4,8)),make_stride(59,make_stride(13,1))), tiler)'
	@echo "== a declaration over several lines (CuTe's 02_layout_algebra.md) answers once"
	@printf '%s\n' 'Layout a = make_layout(make_shape (Int<10>{}, Int<2>{}),' '                       make_stride(Int<16>{}, Int<4>{}));' 'Layout b = make_layout(make_shape (Int< 5>{}, Int<4>{}),' '                       make_stride(Int< 1>{}, Int<5>{}));' 'Layout c = composition(a, b);' 'print(c);' | $(BUILD)/cutego eval
	@echo
	@echo "== cutego print (CuTe's print_layout)"
	$(BUILD)/cutego print '(4,5):(16,64)'
	$(BUILD)/cutego print 'Sw<2,0,2> o 0 o (4,4):(4,1)'
	$(BUILD)/cutego print 'auto sA = make_layout(make_shape(Int<4>{},Int<8>{}), LayoutRight{}); sA'
	@echo "== cutego render --tv (8,4) ((4,2),2):((2,16),1) > $(BUILD)/tv.svg"
	@$(BUILD)/cutego render --tv '(8,4)' '((4,2),2):((2,16),1)' > $(BUILD)/tv.svg && echo "wrote $(BUILD)/tv.svg"
