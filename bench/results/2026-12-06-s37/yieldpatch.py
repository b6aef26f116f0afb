# yp.py MODE IN.o OUT.o FUNCREGEX : set the yield hint on FFMAs of each kernel's main loop (in place, same size)
# MODE: all = every loop FFMA/FADD yields, reuse cleared; noyield = none yields (reuse kept);
#       half = 'all' on the first half of the loop's FFMA/FADDs only
import re,sys,struct,subprocess,os
mode,src,dst,fre=sys.argv[1:5]
d=bytearray(open(src,'rb').read())
env=dict(os.environ, PATH='/tmp/nvdis/x/nvidia/cu13/bin:'+os.environ['PATH'])
def elf_sections(base):
    shoff=struct.unpack_from('<Q',d,base+0x28)[0]; shentsize,shnum,shstrndx=struct.unpack_from('<HHH',d,base+0x3a)
    sh=[struct.unpack_from('<IIQQQQIIQQ',d,base+shoff+i*shentsize) for i in range(shnum)]
    stro=base+sh[shstrndx][4]
    name=lambda o: d[stro+o:d.index(b'\0',stro+o)].decode()
    return {name(s[0]):(base+s[4],s[5]) for s in sh}
secs={}
for m in re.finditer(rb'\x7fELF\x02',bytes(d)):
    if m.start()>0 and struct.unpack_from('<H',d,m.start()+0x12)[0]==190: secs.update(elf_sections(m.start()))
out=subprocess.run(['/tmp/cuobj/x/nvidia/cu13/bin/cuobjdump','-sass',src],capture_output=True,text=True,env=env).stdout
tot=0
for part in re.split(r'\n\s*Function : ',out)[1:]:
    fn=part.split('\n',1)[0].strip()
    if not re.search(fre,fn): continue
    L=part.splitlines(); ins=[]
    for i,l in enumerate(L):
        m=re.search(r'/\*([0-9a-f]{4,})\*/\s+(.*?);\s*/\* (0x[0-9a-f]+) \*/',l)
        if m: ins.append((int(m.group(1),16),m.group(2).strip()))
    q=[a for a,t in ins if 'GMMA' in t]
    best=None
    for a,t in ins:
        m=re.search(r'BRA (0x[0-9a-f]+)',t)
        if m:
            tg=int(m.group(1),16)
            if tg<a and sum(1 for x in q if tg<=x<=a)>=4 and sum(1 for y,t2 in ins if tg<=y<=a and re.match(r'(@!?U?P\w+ )?F(FMA|ADD) ',t2))>=16 and (best is None or a-tg<best[1]-best[0]): best=(tg,a)
    lo,hi=best
    ff=[a for a,t in ins if lo<=a<=hi and re.match(r'(@!?U?P\w+ )?F(FMA|ADD) ',t)]
    off,size=secs['.text.'+fn]
    n=0
    for k,a in enumerate(ff):
        if mode=='half' and k>=len(ff)//2: break
        p=off+a; lo_,hi_=struct.unpack_from('<QQ',d,p); c=hi_>>41
        assert lo_&0xfff in (0x223,0x221), hex(lo_)
        ru=(c>>17)&15
        if mode=='noyield': c|=(1<<4)
        else:
            c&=~(15<<17); c&=~(1<<4)   # reuse off, yield on (the bit clear)
        hi_=(hi_&((1<<41)-1))|(c<<41); struct.pack_into('<QQ',d,p,lo_,hi_); n+=1
    tot+=n
    print(f"{fn}: loop {lo:#x}-{hi:#x}, {len(ff)} FFMA, {n} patched")
open(dst,'wb').write(d)
