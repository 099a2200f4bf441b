#!/bin/sh
# kernel-names.sh FILE...: the __global__ functions of FILE... as a regular expression for
# compute-sanitizer's --kernel-name regex=..., which is searched in the MANGLED kernel name
# (the Compute Sanitizer manual, "Specifying Filters"): each name as the Itanium ABI writes it
# there, its length then itself (column_abs_sums: 15column_abs_sums, inside
# _ZN40_GLOBAL__N__5e924b7f_8_solve_cu_1f25db6715column_abs_sumsIdLb0EEEvlPKT_PS1_), joined by |.
# Every instance of a template, in any namespace, has that part; the length keeps out NVIDIA's
# kernels that merely contain the name (cuBLAS has 26 names with transpose_kernel in them).
#
# make sanitize passes it to racecheck for the programs that also run NVIDIA's library kernels
# (cuSOLVER, cuBLAS), so that only ours are instrumented.  A kernel left out would go unchecked
# without a word, so this fails instead when a __global__ of FILE... is not understood: each one
# outside comments and literals must read __global__ [void] [__launch_bounds__ (...)] [void]
# NAME (, and none may be in a macro.
set -eu
[ $# -gt 0 ] || { echo "usage: kernel-names.sh FILE..." >&2; exit 2; }
code=
for f in "$@"; do
  # the file's code on one line, comments and string and character literals blanked; exit 3
  # at a __global__ in a preprocessor directive (a kernel a macro makes has no name here)
  one=$(awk '
    { line = $0; out = ""; n = length (line); i = 1
      while (i <= n) {
        c = substr (line, i, 1); d = substr (line, i, 2)
        if (state == "block") {
          if (d == "*/") { state = ""; out = out " "; i += 2; continue }
          i++; continue
        }
        if (state == "str" || state == "chr") {
          if (c == "\\") { i += 2; continue }
          if ((state == "str" && c == "\"") || (state == "chr" && c == "\047")) { state = ""; out = out " " }
          i++; continue
        }
        if (d == "/*") { state = "block"; i += 2; continue }
        if (d == "//") break
        if (c == "\"") { state = "str"; i++; continue }
        if (c == "\047") { state = "chr"; i++; continue }
        out = out c; i++
      }
      if (!directive && out ~ /^[ \t]*#/) directive = 1
      if (directive && out ~ /__global__/) {
        printf "kernel-names.sh: %s:%d: __global__ in a preprocessor directive\n", FILENAME, FNR > "/dev/stderr"
        exit 3
      }
      if (directive && line !~ /\\$/) directive = 0
      printf "%s ", out
    }
    END { printf "\n" }' "$f") || exit 1
  code="$code $one"
done
total=$(printf '%s\n' "$code" | grep -o '__global__' | wc -l)
decls=$(printf '%s\n' "$code" | tr '\t' ' ' \
        | grep -oE '__global__ +(void +)?(__launch_bounds__ *\(([^()]|\([^()]*\))*\) *)?(void +)?[A-Za-z_][A-Za-z0-9_]* *\(' \
        || true)
names=$(printf '%s\n' "$decls" | sed -E 's/ *\($//; s/.*[^A-Za-z0-9_]//' | grep . || true)
found=$(printf '%s\n' "$names" | grep -c . || true)
bad=$(printf '%s\n' "$names" | grep -xE 'void|__launch_bounds__|__global__|static|inline|__forceinline__|__noinline__' || true)
if [ "$total" -ne "$found" ] || [ -n "$bad" ]; then
  echo "kernel-names.sh: $total __global__ in $*; $found read as __global__ [void] [__launch_bounds__ (...)] [void] NAME (${bad:+, some wrongly: $(echo $bad)}" >&2
  exit 1
fi
printf '%s\n' "$names" | awk '{ print length ($0) $0 }' | sort -u | paste -s -d '|' -
