# stage_emu.py — session 23, no device: the transposed staging of dtrans.patch emulated on the host.
# Emulates the transposed staging of one warpgroup's 64 x N tile (128x256 config's Acc layout):
# kernel index math (copied), stmatrix .x4 .trans as PTX documents it, TMA 128B-swizzle box reads.
def off(shape, stride, x):
    o = 0
    for s, d in zip(shape, stride):
        o += (x % s) * d; x //= s
    return o
for N in (256, 128, 64, 192, 96, 168, 224):
    tsh, tst = (4, 8, 4), (128, 1, 16)
    vsh, vst = (2, 2, N // 8), (64, 8, 512)
    CC = 64
    NCH = N // CC
    smem = {}  # (ch, byte offset) -> (row, col)
    frag = {}
    for t in range(128):
        w, lane = t // 32, t % 32
        tof = off(tsh, tst, t); tr, tc = tof % 64, tof // 64
        for v in range(0, N // 2, 2):
            vo = off(vsh, vst, v); vc = vo // 64; ch = vc // CC
            if ch >= NCH: continue
            r = tr + vo % 64; cl = tc + vc - ch * CC
            b = (vc % CC) // 16; q = (vo % 64) // 8 + 2 * ((vc % 16) // 8)
            frag[(w, lane, ch, b, q)] = ((r, ch * CC + cl), (r, ch * CC + cl + 1))
            assert (v % 8 == 6) == (v == max(vv for vv in range(0, N // 2, 2) if off(vsh, vst, vv) // 64 // 16 == vc // 16))
    for w in range(4):
        for ch in range(NCH):
            for b in range(CC // 16):
                for lane in range(32):
                    q, i = lane // 8, lane % 8
                    base = (8 * (q // 2) + i) * 128 + (((2 * w + q % 2) ^ i) << 4)
                    addr = base + b * 16 * 128
                    # stored row i of matrix q = column i of the matrix: element (row j, col i) held by
                    # lane 4 j + i // 2 in register q, half i % 2
                    for j in range(8):
                        pair = frag[(w, 4 * j + i // 2, ch, b, q)]
                        smem[(ch, addr + 2 * j)] = pair[i % 2]
    # TMA store of each chunk: line L = column L of the chunk, byte bb = row bb // 2, 128B swizzle
    bad = 0
    for ch in range(NCH):
        for L in range(64):
            for bb in range(0, 128, 2):
                so = L * 128 + (((bb // 16) ^ (L % 8)) << 4) + bb % 16
                if smem.get((ch, so)) != (bb // 2, ch * 64 + L): bad += 1
    print(N, "chunks", NCH, "mismatches", bad, "written", len(smem))
