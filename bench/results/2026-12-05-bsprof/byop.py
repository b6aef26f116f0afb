# byop.py: the stall samples of stalls.py summed per opcode (ncu SourceCounters CSV of --page source --print-source sass).
import csv, sys, collections
for p in sys.argv[1:]:
    rows=list(csv.reader(open(p))); hdr=rows[1]; d=[dict(zip(hdr,r)) for r in rows[2:] if len(r)==len(hdr)]
    st=[h for h in hdr if h.startswith('stall_') and 'Not Issued' not in h]
    agg=collections.defaultdict(collections.Counter); tot=0; ex=collections.Counter()
    for r in d:
        src=r['Source'].strip(); op=src.split()[0]
        if op.startswith('@'): op=src.split()[1]
        op=op.split('.')[0]
        s=int(r['Warp Stall Sampling (All Samples)'] or 0); tot+=s
        agg[op]['_all']+=s; ex[op]+=int(r['Instructions Executed'] or 0)
        for h in st: agg[op][h[6:]]+=int(r[h] or 0)
    print('==',p.split('/')[-1],'samples',tot)
    for op,c in sorted(agg.items(),key=lambda x:-x[1]['_all'])[:12]:
        print('  %-10s %5.1f%%  exec %10d  '%(op,100*c['_all']/tot,ex[op]), ', '.join('%s %.1f'%(k,100*v/tot) for k,v in c.most_common(6) if k!='_all'))
