#!/usr/bin/env python3
"""Compares kernels/generated/cutego_gemm_layouts.h (what `cutego gen gemm` derives) with what
CUTLASS derives for the same tile configurations (the `GEN cfg operand key value` lines of
interop/gemm/gemm_layouts.cpp). Exit status 0 when every comparable quantity agrees, 1 otherwise.

  compare.py --header H --cxx OUT

What is compared, per configuration and operand (A_K, A_MN, B_K, B_MN):
  smem_atom, smem_stages   as_position_independent_swizzle_layout of ss_smem_selector's atom and
                           of tile_to_shape(atom, (rows,BK,STAGES), Step) — printed forms, exact
                           (C++'s `_` marks of static integers removed)
  smem_byte_swizzle        the swizzle of the atom as CUTLASS defines it (on byte addresses)
  stage_bytes              the stage step of the descriptor tensor (make_fragment_A/B) and
                           cosize(stages)/STAGES
  desc_*                   make_gmma_desc through the collective's partition_A/B: layout type,
                           LBO, SBO, the K-block step; desc_rows = the MMA atom's MN extent;
                           desc_mn64_step_bytes = the stage layout's offset of row 64 and, for A,
                           warpgroup 1's partition offset (thread 128); desc_mn64_blocks = the
                           leading 64-row blocks the stage layout puts at multiples of it
  wgmma_trans              GMMA::Major's value
  tma_*                    make_tma_copy's cuTensorMapEncodeTiled arguments: swizzle, the box
                           (rank 2 here: inner, outer), loads = stage size / box size, the MN
                           step and smem offset between loads (where the box is smaller than
                           the stage, CuTe issues one TMA instruction per box, as we do)
  Acc                      the CLayout of the MMA atom, and t/v shapes and strides from it;
                           MMA_M/N/K from its Shape_MNK
"""
import argparse
import re
import sys


def parse_header(text):
    """{cfg: {"": {consts}, op: {members}}} from the generated header."""
    out = {}
    cfg = op = None
    for line in text.splitlines():
        m = re.match(r"^struct (\w+) \{", line)
        if m:
            cfg, op = m.group(1), ""
            out[cfg] = {"": {}}
            continue
        m = re.match(r"^  struct (\w+) \{", line)
        if m and cfg:
            op = m.group(1)
            out[cfg][op] = {}
            continue
        if re.match(r"^  \};", line):
            op = ""
            continue
        if cfg is None:
            continue
        for name, val in re.findall(r"(\w+)(?:\[\d+\])? = (\{[^}]*\}|\"[^\"]*\"|0x[0-9a-f]+ull|-?\d+)", line.split("//")[0]):
            if val.startswith('"'):
                v = val[1:-1]
            elif val.startswith("{"):
                v = [int(x) for x in val[1:-1].split(",")]
            elif val.startswith("0x"):
                v = int(val[2:-3], 16)
            else:
                v = int(val)
            out[cfg][op][name] = v
    return out


def parse_cxx(text):
    out = {}
    for line in text.splitlines():
        if not line.startswith("GEN "):
            continue
        _, cfg, op, key, val = line.split(" ", 4)
        out.setdefault(cfg, {}).setdefault(op, {})[key] = re.sub(r"_(?=[0-9-])", "", val)
    return out


def tv_modes(tv):
    """((a,b,c),(d,e,f)):((...),(...)) -> t_shape, t_stride, v_shape, v_stride (rank 3, padded 1:0)."""
    m = re.fullmatch(r"\(\(([\d,]+)\),\(([\d,]+)\)\):\(\(([\d,]+)\),\(([\d,]+)\)\)", tv)
    if not m:
        return None
    ts, vs, td, vd = ([int(x) for x in g.split(",")] for g in m.groups())
    pad = lambda s, n, f: s + [f] * (n - len(s))
    return pad(ts, 3, 1), pad(td, 3, 0), pad(vs, 3, 1), pad(vd, 3, 0)


def compare(hdr, cxx):
    rows, bad = [], 0

    def check(cfg, op, what, ours, theirs, note=""):
        nonlocal bad
        ok = ours == theirs
        bad += not ok
        rows.append((cfg, op, what, ours, theirs, "agree" if ok else "DISAGREE", note))

    if not hdr:
        check("-", "-", "configurations in the header", "none", "some")
    for cfg, h in hdr.items():
        c = cxx.get(cfg)
        if c is None:
            check(cfg, "-", "present in the CUTLASS program", "yes", "no")
            continue
        top = h[""]
        m = re.fullmatch(r"Gemm_(\d+)x(\d+)x(\d+)_S(\d+)(?:_E8)?", cfg)
        check(cfg, "-", "BM,BN,BK,STAGES", [top.get(k) for k in ("BM", "BN", "BK", "STAGES")],
              [int(v) for v in m.groups()] if m else None, "the configuration's name")
        x = c.get("-", {})
        check(cfg, "-", "ELEM_BYTES", top.get("ELEM_BYTES"), int(x.get("elem_bytes", -1)))
        check(cfg, "-", "MULTICAST", top.get("MULTICAST"), int(x.get("multicast", -1)))
        check(cfg, "-", "CONSUMER_WARPGROUPS", top.get("CONSUMER_WARPGROUPS"), int(x.get("consumer_warpgroups", -1)),
              "size(TiledMMA) / 128")
        for op in ("A_K", "A_MN", "B_K", "B_MN"):
            o, x = h.get(op), c.get(op)
            if o is None or x is None:
                check(cfg, op, "operand present", o is not None, x is not None)
                continue
            # CuTe prints a composition with the identity swizzle (Sw<0,..>, the interleaved atom) as
            # the layout alone
            plain = lambda f: re.sub(r"^Sw<0,\d+,\d+> o 0 o ", "", f)
            check(cfg, op, "smem_atom", plain(o["smem_atom"]), x["smem_atom"])
            check(cfg, op, "smem_stages", plain(o["smem_stages"]), x["smem_stages"])
            check(cfg, op, "smem_byte_swizzle", o["smem_byte_swizzle"], x["smem_atom_cute"].split(" ")[0])
            check(cfg, op, "stage_bytes", o["stage_bytes"], int(x["desc_stage_step_bytes"]), "descriptor tensor's stage step")
            check(cfg, op, "stage_bytes", o["stage_bytes"], int(x["smem_cosize_bytes"]) // top["STAGES"], "cosize / STAGES")
            check(cfg, op, "major", o["major"], int(x["wgmma_trans"]), "GMMA::Major")
            check(cfg, op, "rows", o["rows"], top["BM"] if op.startswith("A") else top["BN"])
            for k in ("desc_layout_type", "desc_lbo_bytes", "desc_sbo_bytes", "desc_k_step_bytes", "wgmma_trans"):
                check(cfg, op, k, o[k], int(x[k]))
            check(cfg, op, "desc_rows", o["desc_rows"], int(x["mma_rows"]), "MMA atom's MN extent")
            lt, lbo, sbo = o["desc_layout_type"], o["desc_lbo_bytes"], o["desc_sbo_bytes"]
            check(cfg, op, "desc_template", o["desc_template"], (lt << 62) | ((sbo >> 4) << 32) | ((lbo >> 4) << 16))
            check(cfg, op, "desc_mn64_step_bytes", o["desc_mn64_step_bytes"], int(x["offset_mn64_bytes"]), "stage layout at (64,0,0)")
            check(cfg, op, "desc_mn64_blocks", o["desc_mn64_blocks"], int(x["offset_mn64_blocks"]),
                  "leading 64-row blocks at j x (64,0,0)'s offset")
            if op.startswith("A"):
                check(cfg, op, "desc_mn64_step_bytes", o["desc_mn64_step_bytes"], int(x["partition_thread128_bytes"]),
                      "warpgroup 1's partition_A")
            check(cfg, op, "tma_swizzle_bytes", o["tma_swizzle_bytes"], int(x["tma_swizzle_bytes"]))
            box = [int(b) for b in x["tma_box"].split()]
            check(cfg, op, "tma box rank", 2, len(box))
            check(cfg, op, "tma_box_inner", o["tma_box_inner"], box[0])
            check(cfg, op, "tma_box_outer", o["tma_box_outer"], box[1] if len(box) > 1 else 1)
            stage_elems = o["rows"] * top["BK"]
            nbox = 1
            for b in box:
                nbox *= b
            check(cfg, op, "tma_loads", o["tma_loads"], stage_elems // nbox, "stage elements / box elements")
            many = o["tma_loads"] > 1
            check(cfg, op, "tma_load_mn", o["tma_load_mn"], int(x["tma_box_mn"]) if many else 0, "box's MN extent")
            check(cfg, op, "tma_load_smem_bytes", o["tma_load_smem_bytes"], int(x["tma_next_box_smem_bytes"]) if many else 0,
                  "stage layout at (box MN extent, 0, 0)")
            if top.get("MULTICAST", 1) == 1 and "tma_mc_box" not in x and "mc_tma_box_inner" not in o:
                continue  # no clusters in this configuration (MULTICAST is checked above)
            mc = [int(b) for b in x.get("tma_mc_box", "0").split()]
            check(cfg, op, "mc_tma_box_inner", o.get("mc_tma_box_inner"), mc[0], "make_tma_copy(SM90_TMA_LOAD_MULTICAST)")
            check(cfg, op, "mc_tma_box_outer", o.get("mc_tma_box_outer"), mc[1] if len(mc) > 1 else 1)
            check(cfg, op, "mc_slice_bytes", o.get("mc_slice_bytes"), mc[0] * (mc[1] if len(mc) > 1 else 1) * top["ELEM_BYTES"],
                  "the multicast box's bytes")
        a, xa = h.get("Acc"), c.get("Acc")
        if a is None or xa is None:
            check(cfg, "Acc", "present", a is not None, xa is not None)
            continue
        check(cfg, "Acc", "tv", a["tv"], xa["tv"], "MMA_Traits<…>::CLayout")
        modes = tv_modes(xa["tv"])
        check(cfg, "Acc", "t/v shapes and strides", (a["t_shape"], a["t_stride"], a["v_shape"], a["v_stride"]),
              tuple(modes) if modes else None)
        mnk = [int(v) for v in xa["mma_shape"].strip("()").split(",")]
        check(cfg, "Acc", "tile_m", a["tile_m"], mnk[0])
        check(cfg, "-", "MMA_M,MMA_N,MMA_K", [top["MMA_M"], top["MMA_N"], top["MMA_K"]], mnk)
    for cfg in cxx:
        if cfg not in hdr:
            check(cfg, "-", "present in the header", "no", "yes")
    return rows, bad


def selftest(hdr, cxx):
    """Every member of the header is compared: changing any one of them must make compare()
    report a disagreement. Returns the members whose change went unnoticed."""
    import copy
    missed = []
    for cfg, h in hdr.items():
        for op, members in h.items():
            for name, v in members.items():
                m = copy.deepcopy(hdr)
                if isinstance(v, str):
                    m[cfg][op][name] = v + "x"
                elif isinstance(v, list):
                    m[cfg][op][name] = v[:-1] + [v[-1] + 1]
                else:
                    m[cfg][op][name] = v + 16 if v < 2**62 else v ^ 1 << 62
                if compare(m, cxx)[1] == 0:
                    missed.append("%s %s %s" % (cfg, op or "-", name))
    return missed


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--header", required=True)
    ap.add_argument("--cxx", required=True, help="output of interop/gemm/gemm_layouts.cpp")
    ap.add_argument("--selftest", action="store_true",
                    help="check that changing any one member of the header is caught")
    ap.add_argument("-q", "--quiet", action="store_true", help="print disagreements and the summary only")
    a = ap.parse_args(argv)
    with open(a.header) as f:
        hdr = parse_header(f.read())
    with open(a.cxx) as f:
        cxx = parse_cxx(f.read())
    if a.selftest:
        n = sum(len(ms) for h in hdr.values() for ms in h.values())
        missed = selftest(hdr, cxx)
        for x in missed:
            print("compare.py selftest: a change of %s goes unnoticed" % x)
        print("compare.py selftest: %d of %d header members are checked" % (n - len(missed), n))
        return 1 if missed or n == 0 else 0
    rows, bad = compare(hdr, cxx)
    for r in rows:
        if not a.quiet or r[5] != "agree":
            print("%-20s %-5s %-22s %-6s cutego=%s cutlass=%s%s" % (r[0], r[1], r[2], r[5], r[3], r[4],
                                                                  ("  (" + r[6] + ")") if r[6] else ""))
    print("gemm layouts vs CUTLASS: %d comparisons, %d disagree" % (len(rows), bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
