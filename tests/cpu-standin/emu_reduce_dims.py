# emu_reduce_dims.py REDUCE_CU OUT: the host functions of kernels/reduce.cu that the gateways'
# stand-ins call (gm_default_dim, gm_reduce_dims), cut from the file's text into OUT, for a
# stand-in that cannot compile reduce.cu itself (its kernels use shuffles).  The view they
# compute is array_internal.h's gm_line_view.  (run_scan.sh, run_reduce_int.sh.)
import sys
src = open (sys.argv[1]).read ()

def function (head):
    i = src.index (head)
    j = src.index ('{', i)
    depth = 0
    for k in range (j, len (src)):
        depth += {'{': 1, '}': -1}.get (src[k], 0)
        if depth == 0:
            return src[i:k + 1]

parts = [function ('extern "C" int gm_default_dim ('),
         function ('extern "C" gm_status gm_reduce_dims (')]
open (sys.argv[2], 'w').write ('#include "emu.h"\n#include "gpumat.h"\n#include "array_internal.h"\n'
                                + '\n'.join (parts) + '\n')
