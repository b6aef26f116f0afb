#!/usr/bin/env python3
# stalls.py SASS_CSV [N]: the warp-stall totals and the N most sampled instructions of one kernel from
# ncu --page source --print-source sass --csv (call1.sh writes it; device-call1/ncu/*.stalls.txt).
import csv,sys,collections
f=sys.argv[1]
rows=list(csv.reader(open(f)))
hdr=rows[1]; data=rows[2:]
ix={h:i for i,h in enumerate(hdr)}
def num(x):
    try: return float(x.replace(',',''))
    except: return 0.0
stalls=[h for h in hdr if h.startswith('stall_') and 'Not Issued' not in h]
tot=collections.Counter(); n_exec=0; n_static_exec=0; samples=0
per=[]
for r in data:
    if len(r)<len(hdr): continue
    ie=num(r[ix['Instructions Executed']])
    s=num(r[ix['Warp Stall Sampling (All Samples)']])
    samples+=s
    if ie>0: n_static_exec+=1; n_exec+=ie
    for h in stalls: tot[h]+=num(r[ix[h]])
    per.append((s,r[ix['Address']],r[ix['Source']][:70],ie, {h:num(r[ix[h]]) for h in stalls}))
print(f, "static instrs executed:",n_static_exec,"of",len(data),"warp-instrs executed:",int(n_exec),"samples:",int(samples))
for h,v in tot.most_common(12): print("  %-28s %6d  %.1f%%"%(h,v,100*v/max(1,samples)))
per.sort(reverse=True)
for s,a,src,ie,st in per[:int(sys.argv[2]) if len(sys.argv)>2 else 25]:
    top=sorted(st.items(),key=lambda x:-x[1])[:2]
    print("%6d %s %-70s ex=%d %s"%(s,a,src,ie,top))
