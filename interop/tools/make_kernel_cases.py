#!/usr/bin/env python3
"""Writes interop/cases/kernels_sm90_sm80.txt: what the Hopper kernels rely on, with the C++
side taken from CUTLASS's own definitions (GMMA shared-memory atoms, MMA_Traits) and the eval
side built from first principles with cutego's algebra:

- GMMA smem atoms: CUTLASS defines them in bits (Swizzle<B,4,3> over (8,128*2^B) K-major or
  (128*2^B,8) MN-major) and upcasts to the element type; the element-offset form is
  as_position_independent_swizzle_layout(...). The eval side recasts the swizzle and upcasts
  the bit layout itself, and composes them as composition(Sw, L).
- tile_to_shape of those atoms to (BLK_M, BLK_K, stages), K-major order (1,2,3), MN-major (2,1,3).
- thread-value layouts: the PTX fragment description as a (thread,value) -> (row,col) map with
  scaled-basis strides, composed with the column-major tile: row = groupID + 8*v1 (+16*warp),
  col = 2*threadID_in_group + v0 + 8*v2."""
import sys

TYPES = {8: "uint8_t", 16: "half_t", 32: "float"}
KINDS = {0: "INTER", 1: "SW32", 2: "SW64", 3: "SW128"}


def atom_eval(major, b, bits):
    w = 128 << b
    lay = "(8,%d):(%d,1)" % (w, w) if major == "K" else "(%d,8):(1,%d)" % (w, w)
    # composition(Sw, L) is CuTe's Sw o 0 o L (a plain L for the identity swizzle Sw<0,..>),
    # as as_position_independent_swizzle_layout builds it
    return "composition(recast_layout(Sw<%d,4,3>,8,%d),upcast(%s,%d))" % (b, bits, lay, bits)


def atom_cxx(major, b, bits):
    return "GMMA::Layout_%s_%s_Atom<%s>{}" % (major, KINDS[b], TYPES[bits])


def tup(xs):
    return "(" + ",".join(map(str, xs)) + ")"


def cshape(xs):
    return "make_shape(" + ",".join("Int<%d>{}" % x for x in xs) + ")"


def main():
    out = [l for l in __doc__.splitlines()]
    out = ["# " + l if l else "#" for l in out]
    out.append("#! group: mma")
    out.append("#! op: gmma_smem_atom")
    for bits in (16, 8, 32):
        for major in ("K", "MN"):
            for b in range(4):
                out.append("%s  ||  as_position_independent_swizzle_layout(%s)"
                           % (atom_eval(major, b, bits), atom_cxx(major, b, bits)))
    out.append("#! op: gmma_smem_tile")
    for bits in (16, 8):
        for major in ("K", "MN"):
            order = (1, 2, 3) if major == "K" else (2, 1, 3)
            for b in range(4):
                for shp in ((128, 64, 4), (64, 64, 5), (128, 128, 3), (256, 64, 2), (64, 256, 4)):
                    # the atom must divide the tile: K-major atom is 8 x (64*2^b/bits*8)
                    w = (128 << b) // bits
                    am, ak = (8, w) if major == "K" else (w, 8)
                    if shp[0] % am or shp[1] % ak:
                        continue
                    out.append("tile_to_shape(%s,%s,%s)  ||  as_position_independent_swizzle_layout("
                               "tile_to_shape(%s,%s,Step<%s>{}))"
                               % (atom_eval(major, b, bits), tup(shp), tup(order), atom_cxx(major, b, bits),
                                  cshape(shp), ",".join("_%d" % o for o in order)))
    out.append("#! op: sm90_tv_layout")
    for n in (8, 16, 32, 64, 96, 128, 192, 256):
        tv = "((4,8,4),(2,2,%d)):((2@1,1@0,16@0),(1@1,8@0,8@1))" % (n // 8)
        tr = "MMA_Traits<SM90_64x%dx16_F32F16F16_SS<GMMA::Major::K,GMMA::Major::K>>" % n
        out.append("composition(make_layout((64,%d)),%s)  ||  typename %s::CLayout{}" % (n, tv, tr))
        out.append("make_layout(128:0,make_layout((64,16)))  ||  typename %s::ALayout{}" % tr)
        out.append("make_layout(128:0,make_layout((%d,16)))  ||  typename %s::BLayout{}" % (n, tr))
        rs = "MMA_Traits<SM90_64x%dx16_F32F16F16_RS<GMMA::Major::K,GMMA::Major::K>>" % n
        out.append("composition(make_layout((64,16)),((4,8,4),(2,2,2)):((2@1,1@0,16@0),(1@1,8@0,8@1)))"
                   "  ||  typename %s::ALayout{}" % rs)
        out.append("make_layout(128:0,make_layout((%d,16)))  ||  typename %s::BLayout{}" % (n, rs))
    out.append("#! op: sm80_tv_layout")
    t = "MMA_Traits<SM80_16x8x16_F32F16F16F32_TN>"
    out.append("composition(make_layout((16,16)),((4,8),(2,2,2)):((2@1,1@0),(1@1,8@0,8@1)))  ||  typename %s::ALayout{}" % t)
    out.append("composition(make_layout((8,16)),((4,8),(2,2)):((2@1,1@0),(1@1,8@1)))  ||  typename %s::BLayout{}" % t)
    out.append("composition(make_layout((16,8)),((4,8),(2,2)):((2@1,1@0),(1@1,8@0)))  ||  typename %s::CLayout{}" % t)
    out.append("make_layout(32)  ||  typename %s::ThrID{}" % t)
    t = "MMA_Traits<SM80_16x8x8_F32F16F16F32_TN>"
    out.append("composition(make_layout((16,8)),((4,8),(2,2)):((2@1,1@0),(1@1,8@0)))  ||  typename %s::ALayout{}" % t)
    out.append("composition(make_layout((8,8)),((4,8),2):((2@1,1@0),1@1))  ||  typename %s::BLayout{}" % t)
    out.append("composition(make_layout((16,8)),((4,8),(2,2)):((2@1,1@0),(1@1,8@0)))  ||  typename %s::CLayout{}" % t)
    t = "MMA_Traits<SM80_16x8x16_F32BF16BF16F32_TN>"
    out.append("composition(make_layout((16,16)),((4,8),(2,2,2)):((2@1,1@0),(1@1,8@0,8@1)))  ||  typename %s::ALayout{}" % t)
    out.append("composition(make_layout((16,8)),((4,8),(2,2)):((2@1,1@0),(1@1,8@0)))  ||  typename %s::CLayout{}" % t)
    print("\n".join(out))


if __name__ == "__main__":
    main()
