/* gpumat_methods.cc: compiled fronts of the hot @gpumat methods and of the constructor.
 *
 * One library, installed under ten names: @gpumat/dot.oct, sum.oct, norm.oct, mean.oct,
 * max.oct, min.oct, gather.oct, fft.oct, ifft.oct, and gpumat.oct beside gpumat.m.  Octave
 * prefers the .oct to the .m of one folder, loads it by its file name and calls the installer
 * G<name>, which makes that row's front.  A front takes only its m-file's common first branch
 * (the rows below: dot (x, y), and sum, norm, mean, max, min, gather, fft, ifft of one gpumat
 * array, one output; gpumat (A) of a host numeric or logical array) and hands it to the shell
 * function that the m-file's __gpumat_call__ command runs (gpumat_front.h), so the result is
 * the same bits.  Every other
 * call runs the m-file it shadows, loaded once, which keeps its help text, tests and rules.
 * Why: an m-file method costs Octave's m-file dispatch and its interpreted tests (an empty
 * m-file method 2.9 us on the 2-core machine, an empty compiled one 1.24 us; dot, sum, gather
 * and gpumat (A) 16-21 us on the H200 against issue 30's 8 and 12 us).
 *
 * Octave 7.3 keeps a compiled function found in @gpumat/ only when it says it is a method of
 * gpumat (fcn_info::load_class_method asks is_class_method): the fronts answer
 * is_legacy_method.  `clear all` unloads a front and the next call loads it again: the
 * library is linked -z nodelete and what it caches (the shell's table, the m-files) lives in
 * objects never destroyed, so nothing of it is freed after Octave let the library go.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include <octave/oct.h>
#include <octave/ov-dld-fcn.h>
#include <octave/interpreter.h>
#include <octave/load-path.h>
#include <octave/parse.h>
#include <octave/file-stat.h>

#include <dlfcn.h>

#include <string>

#include "gpumat_front.h"

namespace
{
  enum front_id { F_DOT, F_SUM, F_NORM, F_MEAN, F_MAX, F_MIN, F_GATHER, F_FFT, F_IFFT, F_GPUMAT,
                  F_COUNT };

  bool gpumat_operand (const octave_value& v)
  {
    return v.class_name () == "gpumat";
  }

  /* one argument, a gpumat array, and at most one output */
  bool one_gpumat (const octave_value_list& args, int nargout)
  {
    return args.length () == 1 && nargout <= 1 && gpumat_operand (args(0));
  }

  /* max (G) and min (G) as minmax.m takes them to ("reduce", OP, OP, G, 0) with one output:
     neither complex nor integer data nor a logical empty */
  bool minmax_common (const octave_value_list& args, int nargout)
  {
    return one_gpumat (args, nargout) && ! args(0).iscomplex () && ! args(0).isinteger ()
           && ! (args(0).islogical () && args(0).isempty ());
  }

  /* One row a front: its name, whether it is a method (in @gpumat/) or the constructor, the test
     that a call is its m-file's common first branch (with the m-file's own class tests:
     isinteger, iscomplex, islogical and isempty are the same virtuals of the value), and that
     branch's shell function; run returns false where the shell declines (gpumat (A) of what
     "upload1" does not take), and the m-file takes the call from there. */
  struct front_row
  {
    const char *name;
    bool method;
    bool (*common) (const octave_value_list& args, int nargout);
    bool (*run) (const gpumat_front_table& t, const octave_value_list& args,
                 octave_value_list& out);
  };

  const front_row front_rows[F_COUNT] = {
    /* dot.m: nargin == 2 -> __gpumat_call__ ("dotv", x, y) */
    {"dot", true,
     [] (const octave_value_list& a, int nout) { return a.length () == 2 && nout <= 1; },
     [] (const gpumat_front_table& t, const octave_value_list& a, octave_value_list& out)
     { out = t.dotv (a(0), a(1)); return true; }},
    /* sum.m: neither integer nor complex, nargin == 1 -> ("sum", A) */
    {"sum", true,
     [] (const octave_value_list& a, int nout)
     { return one_gpumat (a, nout) && ! a(0).isinteger () && ! a(0).iscomplex (); },
     [] (const gpumat_front_table& t, const octave_value_list& a, octave_value_list& out)
     { out = t.sum (a(0)); return true; }},
    /* norm.m: nargin < 2 -> ("norm2", A) */
    {"norm", true, one_gpumat,
     [] (const gpumat_front_table& t, const octave_value_list& a, octave_value_list& out)
     { out = t.norm2 (a(0)); return true; }},
    /* mean.m: not integer, nargin == 1 -> ("reduce", "mean", "mean", A, 0) */
    {"mean", true,
     [] (const octave_value_list& a, int nout) { return one_gpumat (a, nout) && ! a(0).isinteger (); },
     [] (const gpumat_front_table& t, const octave_value_list& a, octave_value_list& out)
     { out = t.reduce ("mean", a(0)); return true; }},
    /* max.m -> minmax.m: one output, neither complex nor integer nor a logical empty ->
       ("reduce", "max", "max", A, 0) */
    {"max", true, minmax_common,
     [] (const gpumat_front_table& t, const octave_value_list& a, octave_value_list& out)
     { out = t.reduce ("max", a(0)); return true; }},
    {"min", true, minmax_common,
     [] (const gpumat_front_table& t, const octave_value_list& a, octave_value_list& out)
     { out = t.reduce ("min", a(0)); return true; }},
    /* gather.m -> ("gather", "gather", G) */
    {"gather", true, one_gpumat,
     [] (const gpumat_front_table& t, const octave_value_list& a, octave_value_list& out)
     { out = t.gather (a(0)); return true; }},
    /* fft.m, ifft.m -> fourier.m, one argument: ("fft", "fft", G, DIM, DIM, size (G), false)
       along the first dimension longer than 1, on the direct road where it takes the array
       (double or single, real or complex, not a scalar, a view or empty); else the m-file */
    {"fft", true, one_gpumat,
     [] (const gpumat_front_table& t, const octave_value_list& a, octave_value_list& out)
     { out = t.fft1 (a(0), false); return out.length () == 1; }},
    {"ifft", true, one_gpumat,
     [] (const gpumat_front_table& t, const octave_value_list& a, octave_value_list& out)
     { out = t.fft1 (a(0), true); return out.length () == 1; }},
    /* gpumat.m: nargin == 1 -> [G, done] = ("upload1", A); returns G when done */
    {"gpumat", false,
     [] (const octave_value_list& a, int nout) { return a.length () == 1 && nout <= 1; },
     [] (const gpumat_front_table& t, const octave_value_list& a, octave_value_list& out)
     {
       const octave_value_list r = t.upload1 (a(0));
       if (r.length () != 2 || ! r(1).is_true ())
         return false;
       out = ovl (r(0));
       return true;
     }},
  };

  /* What a front caches.  Allocated once and never destroyed (see the header). */
  struct front_state
  {
    std::string oct_file;                 /* this front's file, set by its installer */
    octave_value mfile;                   /* the m-file it stands for, loaded at first need */
  };
  front_state *const states = new front_state[F_COUNT];
  bool table_looked = false;
  const gpumat_front_table *table = nullptr;

  /* The shell's table, looked up once: __gpumat_call__ is loaded (and the type registered, as
     the m-files' first __gpumat_call__ would), then its library, already loaded, is asked for
     the table's symbol (dlopen RTLD_NOLOAD: Octave's own dynamic_library::search would count
     the symbol as one of the library's functions).  Without the table (a shell of another
     build), every call runs the m-file. */
  const gpumat_front_table *shell_table (octave::interpreter& interp)
  {
    if (table_looked)
      return table;
    octave_value f = interp.get_symbol_table ().find_function ("__gpumat_call__");
    octave_function *fn = f.is_defined () ? f.function_value (true) : nullptr;
    if (fn)
      interp.feval (fn, ovl ("register"), 0);
    table_looked = true;
    const octave_dld_function *dld = dynamic_cast<const octave_dld_function *> (fn);
    if (! dld)
      return table;
    void *lib = dlopen (dld->get_shlib ().file_name ().c_str (), RTLD_NOW | RTLD_NOLOAD);
    if (! lib)
      return table;
    if (void *sym = dlsym (lib, GPUMAT_FRONT_SYMBOL))
      {
        const gpumat_front_table *t
          = reinterpret_cast<const gpumat_front_table *(*) ()> (sym) ();
        if (t && t->version == GPUMAT_FRONT_VERSION)
          table = t;
      }
    dlclose (lib);        /* the shell is locked in memory (mlock): this drops our reference */
    return table;
  }

  bool is_file (const std::string& f)
  {
    octave::sys::file_stat fs (f);
    return fs && fs.is_reg ();
  }

  /* The m-file front ID stands for: beside its .oct (the installed package), else the first
     one on the load path (a build tree: target/@gpumat/sum.oct, inst/@gpumat/sum.m), loaded
     once, as Octave loads a method or a function of the path. */
  octave_function *mfile (front_id id, octave::interpreter& interp)
  {
    front_state& st = states[id];
    if (! st.mfile.is_defined ())
      {
        const front_row& row = front_rows[id];
        const std::string& oct = st.oct_file;
        std::string file;
        if (oct.size () > 4 && is_file (oct.substr (0, oct.size () - 4) + ".m"))
          file = oct.substr (0, oct.size () - 4) + ".m";
        else
          file = interp.get_load_path ().find_file ((row.method ? "@gpumat/" : "")
                                                    + std::string (row.name) + ".m");
        if (file.empty ())
          error_with_id ("gpumat:front:noMfile",
                         "%s: %s%s.m, which this compiled front stands for, is not on the path",
                         row.name, row.method ? "@gpumat/" : "", row.name);
        const std::string dir = file.substr (0, file.find_last_of ('/'));
        st.mfile = row.method ? octave::load_fcn_from_file (file, dir, "gpumat")
                              : octave::load_fcn_from_file (file, dir, "", "", row.name);
      }
    octave_function *f = st.mfile.is_defined () ? st.mfile.function_value (true) : nullptr;
    if (! f)
      error_with_id ("gpumat:front:noMfile", "%s: its m-file could not be loaded", front_rows[id].name);
    return f;
  }

  octave_value_list run_front (front_id id, octave::interpreter& interp,
                               const octave_value_list& args, int nargout)
  {
    const front_row& row = front_rows[id];
    if (row.common (args, nargout))
      if (const gpumat_front_table *t = shell_table (interp); t && t->enabled ())
        {
          octave_value_list out;
          if (row.run (*t, args, out))
            return out;
        }
    return interp.feval (mfile (id, interp), args, nargout);
  }

  template <front_id ID>
  octave_value_list front_call (octave::interpreter& interp, const octave_value_list& args,
                                int nargout)
  {
    return run_front (ID, interp, args, nargout);
  }

  /* A front: a method of gpumat for Octave (the constructor's is a plain function), whose help
     is its m-file's. */
  class method_front : public octave_dld_function
  {
  public:
    method_front (front_id id, octave_builtin::meth m, const octave::dynamic_library& shl)
      : octave_dld_function (m, shl, front_rows[id].name, ""), m_id (id) { }

    bool is_legacy_method (const std::string& cname = "") const override
    {
      return front_rows[m_id].method && (cname.empty () || cname == "gpumat");
    }

    std::string doc_string (const std::string& meth_name = "") const override
    {
      octave::interpreter& interp = *octave::interpreter::the_interpreter ();
      try
        {
          return mfile (m_id, interp)->doc_string (meth_name);
        }
      catch (const octave::execution_exception&)
        {
          interp.recover_from_exception ();
          return "";
        }
    }

  private:
    front_id m_id;
  };

  template <front_id ID>
  octave_function *install (const octave::dynamic_library& shl, bool relative)
  {
    check_version (OCTAVE_API_VERSION, front_rows[ID].name);
    states[ID].oct_file = shl.file_name ();
    octave_dld_function *f = new method_front (ID, front_call<ID>, shl);
    if (relative)
      f->mark_relative ();
    return f;
  }
}

/* The installers Octave looks up by the file's name ("G" + name), one a row */
#define GPUMAT_FRONT_INSTALLER(NAME, ID)                                                    \
  extern "C" OCTAVE_EXPORT octave_function *G##NAME (const octave::dynamic_library& shl,   \
                                                     bool relative)                         \
  {                                                                                         \
    return install<ID> (shl, relative);                                                     \
  }
GPUMAT_FRONT_INSTALLER (dot, F_DOT)
GPUMAT_FRONT_INSTALLER (sum, F_SUM)
GPUMAT_FRONT_INSTALLER (norm, F_NORM)
GPUMAT_FRONT_INSTALLER (mean, F_MEAN)
GPUMAT_FRONT_INSTALLER (max, F_MAX)
GPUMAT_FRONT_INSTALLER (min, F_MIN)
GPUMAT_FRONT_INSTALLER (gather, F_GATHER)
GPUMAT_FRONT_INSTALLER (fft, F_FFT)
GPUMAT_FRONT_INSTALLER (ifft, F_IFFT)
GPUMAT_FRONT_INSTALLER (gpumat, F_GPUMAT)
