#!/usr/bin/env python3
"""A survey of effect files as a person would open them: for each primary file of one set of a
corpus (a folder with manifest.json: kind, set, role, local_path per file, as a collector of
public repositories writes it), `sparks validate` and `sparks render` at 0.25 s and 1.5 s, and
whether anything is drawn (pixels differing from the background). Prints counts per kind:
drawn, rendered but nothing visible, refused.

    python3 tools/effect-files-survey.py .build/release/sparks CORPUS development
"""
import tempfile
import json, subprocess, sys, os, struct, zlib, collections
binary, corpus, which = os.path.abspath(sys.argv[1]), sys.argv[2], sys.argv[3]   # which: a set named in the manifest
m = json.load(open(os.path.join(corpus, 'manifest.json')))
os.chdir(corpus)
rows = []
png = os.path.join(tempfile.mkdtemp(prefix='sparks-survey-'), 'frame.png')
def drawn(png):
    # fraction of pixels differing from the top-left pixel (decoded with zlib)
    try:
        data = open(png, 'rb').read()
        w, h = struct.unpack('>II', data[16:24]); depth, ctype = data[24], data[25]
        i = 8; idat = b''
        while i < len(data):
            n = struct.unpack('>I', data[i:i+4])[0]; t = data[i+4:i+8]
            if t == b'IDAT': idat += data[i+8:i+8+n]
            i += 12 + n
        raw = zlib.decompress(idat); bpp = 4 if ctype == 6 else 3
        stride = w * bpp; prev = bytearray(stride); out = []
        for y in range(h):
            f = raw[y*(stride+1)]; line = bytearray(raw[y*(stride+1)+1:(y+1)*(stride+1)])
            for x in range(stride):
                a = line[x-bpp] if x >= bpp else 0; b = prev[x]; c = prev[x-bpp] if x >= bpp else 0
                if f == 1: line[x] = (line[x] + a) & 255
                elif f == 2: line[x] = (line[x] + b) & 255
                elif f == 3: line[x] = (line[x] + (a + b) // 2) & 255
                elif f == 4:
                    p = a + b - c; pa, pb, pc = abs(p-a), abs(p-b), abs(p-c)
                    line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
            out.append(bytes(line)); prev = line
        bg = out[0][:3]; diff = 0; tot = 0
        for y in range(0, h, 4):
            for x in range(0, w, 4):
                px = out[y][x*bpp:x*bpp+3]; tot += 1
                if max(abs(px[k]-bg[k]) for k in range(3)) > 24: diff += 1
        return diff / max(tot, 1)
    except Exception as e:
        return -1
for e in m:
    if e['set'] != which or e['role'] != 'primary': continue
    path = e['local_path']
    if e['kind'] == 'caml':
        if not path.endswith('main.caml'): continue
        path = os.path.dirname(path)  # the .ca bundle
    try:
        v = subprocess.run([binary, 'validate', path], capture_output=True, text=True, timeout=60)
        r = subprocess.run([binary, 'render', path, '--at', '0.25', '--out', png], capture_output=True, text=True, timeout=60)
        frac0 = drawn(png) if r.returncode == 0 else None
        if r.returncode == 0: r = subprocess.run([binary, 'render', path, '--at', '1.5', '--out', png], capture_output=True, text=True, timeout=60)
    except subprocess.TimeoutExpired:
        rows.append(dict(kind=e['kind'], path=e['path'], repo=e['repository'], result='TIMEOUT')); continue
    ok = r.returncode == 0
    frac = max(frac0 or 0, drawn(png)) if ok else None
    err = (r.stderr.strip().splitlines() or [''])[-1][:160] if not ok else ''
    rows.append(dict(kind=e['kind'], repo=e['repository'], path=e['path'], notes=e.get('notes','')[:40], validate=v.returncode, render=r.returncode, drawn=frac, error=err,
                     nnotes=(v.stdout+v.stderr).count('note')))
    if os.path.exists(png): os.remove(png)
json.dump(rows, open(os.environ.get('SURVEY_OUT', '/tmp/effect-files-%s.json' % which), 'w'), indent=1)
c = collections.Counter()
for row in rows:
    k = row['kind']
    if row.get('result') == 'TIMEOUT': c[(k, 'timeout')] += 1
    elif row['render'] == 0 and (row['drawn'] or 0) > 0.0005: c[(k, 'renders, draws')] += 1
    elif row['render'] == 0: c[(k, 'renders, nothing visible')] += 1
    else: c[(k, 'refused')] += 1
for k in sorted(c): print(k, c[k])
