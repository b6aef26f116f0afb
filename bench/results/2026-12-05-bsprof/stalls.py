# stalls.py / byop.py: per-instruction and per-opcode stall samples of ncu --page source --csv --print-source sass (SourceCounters) of the three kernels.
import csv, sys, collections
def load(p):
    rows=list(csv.reader(open(p)))
    hdr=rows[1]; data=[dict(zip(hdr,r)) for r in rows[2:] if len(r)==len(hdr)]
    return hdr,data
for p in sys.argv[1:]:
    hdr,d=load(p)
    st=[h for h in hdr if h.startswith('stall_') and 'Not Issued' not in h]
    tot=collections.Counter(); samples=0; execd=0
    for r in d:
        for h in st: tot[h]+=int(r[h] or 0)
        samples+=int(r['Warp Stall Sampling (All Samples)'] or 0); execd+=int(r['Instructions Executed'] or 0)
    print('==',p,'samples',samples,'warp-instructions executed',execd)
    print('  ', ', '.join('%s %.1f%%'%(k[6:],100*v/samples) for k,v in tot.most_common(9)))
    top=sorted(d,key=lambda r:-int(r['Warp Stall Sampling (All Samples)'] or 0))[:25]
    for r in top:
        s=int(r['Warp Stall Sampling (All Samples)']); 
        reasons=sorted(((int(r[h] or 0),h[6:]) for h in st),reverse=True)[:3]
        print('  %5.1f%% %9s %-60s %s'%(100*s/samples, r['Instructions Executed'], r['Source'].strip()[:60], ' '.join('%s:%d'%(b,a) for a,b in reasons if a)))
