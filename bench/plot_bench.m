## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {} plot_bench (@var{csv}, @var{png})
## Draw the end-to-end benchmark written by @code{bench_end_to_end}: matrix
## product throughput (GFLOP/s) against N for each path and class, and dot
## product bandwidth (GB/s) against n.  Needs a graphics toolkit that can print
## without a display (gnuplot works).  Checks that the file is a real PNG.
## @end deftypefn

function plot_bench (csv, png)
  fid = fopen (csv);
  title_line = strtrim (fgetl (fid));
  fgetl (fid);
  c = textscan (fid, "%s %s %f %f %f %f", "delimiter", ",");
  fclose (fid);
  [op, cls, n, t_oct, t_host, t_dev] = deal (c{:});
  available = available_graphics_toolkits ();
  if (any (strcmp (available, "gnuplot")))
    graphics_toolkit ("gnuplot");
  endif
  h = figure ("visible", "off", "position", [0 0 1100 450]);
  subplot (1, 2, 1);
  styles = {"double", "-"; "single", "--"};
  legends = {};
  for s = 1:2
    k = strcmp (op, "mul") & strcmp (cls, styles{s, 1});
    N = n(k);
    flop = 2 * N .^ 3;
    loglog (N, flop ./ t_oct(k) / 1e9, ["k" styles{s, 2} "o"], N, flop ./ t_host(k) / 1e9,
            ["b" styles{s, 2} "s"], N, flop ./ t_dev(k) / 1e9, ["r" styles{s, 2} "d"]);
    hold on;
    legends = [legends, {["A*B " styles{s, 1}], ["gpumat-mul host " styles{s, 1}], ...
                         ["G*H gpumat " styles{s, 1}]}];
  endfor
  xlabel ("N (N x N times N x N)");  ylabel ("GFLOP/s");  grid on;
  legend (legends, "location", "northwest");
  title ("matrix product");
  subplot (1, 2, 2);
  legends = {};
  for s = 1:2
    k = strcmp (op, "dot") & strcmp (cls, styles{s, 1});
    bytes = 2 * n(k) * (4 + 4 * strcmp (styles{s, 1}, "double"));
    loglog (n(k), bytes ./ t_oct(k) / 1e9, ["k" styles{s, 2} "o"], n(k), bytes ./ t_host(k) / 1e9,
            ["b" styles{s, 2} "s"], n(k), bytes ./ t_dev(k) / 1e9, ["r" styles{s, 2} "d"]);
    hold on;
    legends = [legends, {["dot " styles{s, 1}], ["gpumat-dot host " styles{s, 1}], ...
                         ["dot gpumat " styles{s, 1}]}];
  endfor
  xlabel ("n");  ylabel ("GB/s read");  grid on;
  legend (legends, "location", "northwest");
  title ("dot product");
  axes ("visible", "off", "title", strrep (title_line(3:end), "_", "\\_"));
  print (h, png, "-dpng", "-r90");
  close (h);
  fid = fopen (png, "r");
  magic = fread (fid, 8, "uint8=>uint8")';
  fclose (fid);
  if (! isequal (magic, uint8 ([137 80 78 71 13 10 26 10])))
    error ("plot_bench: %s is not a PNG file", png);
  endif
  printf ("wrote %s\n", png);
endfunction
