# emu_launches.py IN OUT: every kernel launch `name<...><<<grid, block, smem, stream>>> (args);`
# of IN (one or several lines) rewritten as `emu_launch (grid, block, [&] { name<...> (args); });`
# (emu.h), emu.h and emu_device.h included before the kernels' own headers.  Prints the number
# of launches rewritten; a launch left in OUT fails its compilation with g++.
#
# Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
import re
import sys


def split_top (text):
    parts, depth, cur = [], 0, ''
    for ch in text:
        depth += ch in '(['
        depth -= ch in ')]'
        if ch == ',' and depth == 0:
            parts.append (cur)
            cur = ''
        else:
            cur += ch
    return parts + [cur]


src = open (sys.argv[1]).read ()
launch = re.compile (r'(\b[A-Za-z_]\w*(?:<[^;{}]*?>)?)<<<(.*?)>>>\s*\((.*?)\);', re.S)
count = 0


def rewrite (m):
    global count
    count += 1
    g = split_top (m.group (2))
    return 'emu_launch ((unsigned) (%s), %s, [&] { %s (%s); });' % (g[0].strip (), g[1].strip (),
                                                                     m.group (1), m.group (3))


out = launch.sub (rewrite, src)
out = out.replace ('#include "array_internal.h"',
                   '#include "emu.h"\n#include "emu_device.h"\n#include "array_internal.h"', 1)
open (sys.argv[2], 'w').write (out)
print (count)
