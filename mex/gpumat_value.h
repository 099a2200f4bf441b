/* gpumat_value.h: the gpumat array as an Octave value type, shared by the sources of
 * __gpumat_call__.oct: gpumat_value.cc (registration, operators, indexing, display, save/load,
 * the road to the gateway), gpumat_value_host.cc (every other virtual of octave_base_value
 * that an Octave builtin can reach, the host fallback, and the operators whose operands the GPU
 * kernels do not take), gpumat_value_index.cc (indexing), gpumat_value_direct.cc (the direct
 * road) and gpumat_value_methods.cc (the hot methods' commands and the compiled fronts' table).
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#ifndef GPUMAT_VALUE_H
#define GPUMAT_VALUE_H

#include <octave/oct.h>
#include <octave/ov-base.h>
#include <octave/ov-typeinfo.h>
#include <octave/interpreter.h>
#include <octave/parse.h>
#include <octave/defun-int.h>
#include <octave/oct-map.h>
#include <octave/ov-uint64.h>
#include <octave/ov-fcn-handle.h>
#include <octave/ov-complex.h>
#include <octave/ov-flt-complex.h>
#include <octave/ls-oct-text.h>
#include <octave/byte-swap.h>

#include "descriptor.h"

#include <cstdint>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

/* The device block of an array: handed back for freeing when the last holder goes (the
   destructor records it in gpumat_value.cc's pending list). */
struct block_owner
{
  uint64_t ptr;
  std::size_t bytes;
  block_owner (uint64_t p, std::size_t b) : ptr (p), bytes (b) { }
  ~block_owner ();
};

class octave_gpumat : public octave_base_dld_value
{
public:
  /* The exemplar made at registration, and gpumat (): a 0x0 double array, no device memory. */
  octave_gpumat () : m_ptr (0), m_dims (0, 0), m_cls ("double"), m_complex (false), m_op (0) { }

  octave_gpumat (uint64_t ptr, const dim_vector& dv, const std::string& cls, bool cplx, int op,
                 const std::shared_ptr<block_owner>& owner)
    : m_ptr (ptr), m_dims (dv), m_cls (cls), m_complex (cplx), m_op (op), m_owner (owner) { }

  octave_gpumat (const octave_gpumat&) = default;

  /* Octave clones a shared value before writing to it: the clone shares the device block, and
     subsasgn copies the block first when it is shared (copy on write). */
  octave_base_value *clone () const { return new octave_gpumat (*this); }
  /* empty, of this class: `x(I) = G` with x undefined makes x of G's class, as Octave does */
  octave_base_value *empty_clone () const
  {
    return new octave_gpumat (0, dim_vector (0, 0), m_cls, m_complex, 0, nullptr);
  }

  dim_vector dims () const { return m_dims; }
  bool is_defined () const { return true; }
  bool is_constant () const { return true; }
  /* True, as for the classdef it replaces: [G, H] then calls @gpumat/horzcat.m (Octave's
     concatenation dispatches to class methods only for objects), and isobject (G) stays true. */
  bool isobject () const { return true; }
  bool isreal () const { return ! m_complex; }
  bool iscomplex () const { return m_complex; }
  bool isfloat () const { return m_cls == "double" || m_cls == "single"; }
  bool isinteger () const { return ! isfloat () && m_cls != "logical"; }
  bool islogical () const { return m_cls == "logical"; }
  bool isnumeric () const { return m_cls != "logical"; }
  bool is_true () const;

  /* The gateway's view of this array, packed as mex/descriptor.h says (built once: the
     descriptor of an array never changes). */
  const octave_value& descriptor () const
  {
    if (m_desc.is_undefined ())
      {
        const int nd = m_dims.ndims ();
        uint64NDArray w (dim_vector (1, GM_DESC_HEADER + nd));
        w(0) = GM_DESC_MAGIC;
        w(1) = m_ptr;
        w(2) = gm_desc_info (gm_desc_class_code (m_cls.c_str ()), m_op, m_complex);
        for (int i = 0; i < nd; i++)
          w(GM_DESC_HEADER + i) = static_cast<uint64_t> (m_dims(i));
        Cell c (1, 1);
        c(0) = w;
        m_desc = c;
      }
    return m_desc;
  }

  /* The same as a struct {ptr, dims, cls, op, complex}, for .m code and the tests (G.desc). */
  octave_value descriptor_struct () const
  {
    octave_scalar_map s;
    s.assign ("ptr", octave_uint64 (m_ptr));
    RowVector d (m_dims.ndims ());
    for (int i = 0; i < m_dims.ndims (); i++)
      d(i) = m_dims(i);
    s.assign ("dims", d);
    s.assign ("cls", m_cls);
    s.assign ("op", double (m_op));
    s.assign ("complex", m_complex);
    return s;
  }

  /* G' (op 2 for complex data) and G.' (op 1): a view sharing the block, no copy, no kernel.
     The same operation again is the parent; the other one on complex data is conj of the
     parent, which no flag expresses: the view is laid out on the device and viewed. */
  octave_value transposed (int op) const;

  octave_value subsref (const std::string& type, const std::list<octave_value_list>& idx);
  octave_value_list subsref (const std::string& type, const std::list<octave_value_list>& idx,
                             int nargout);
  octave_value subsasgn (const std::string& type, const std::list<octave_value_list>& idx,
                         const octave_value& rhs);
  octave_value map (unary_mapper_t umap) const;

  bool print_as_scalar () const { return false; }
  void print (std::ostream& os, bool pr_as_read_syntax = false);
  void print_raw (std::ostream& os, bool pr_as_read_syntax = false) const;
  bool print_name_tag (std::ostream& os, const std::string& name) const;

  bool save_ascii (std::ostream& os);
  bool load_ascii (std::istream& is);
  bool save_binary (std::ostream& os, bool save_as_floats);
  bool load_binary (std::istream& is, bool swap, octave::mach_info::float_format fmt);

  /* load: become the uploaded array g (its fields and its share of the block) */
  void take (const octave_gpumat& g)
  {
    m_ptr = g.m_ptr; m_dims = g.m_dims; m_cls = g.m_cls; m_complex = g.m_complex;
    m_op = g.m_op; m_owner = g.m_owner; m_desc = octave_value ();
  }

  /* ---- Octave's other virtuals (mex/gpumat_value_host.cc): every one a builtin can reach
     answers as for the host array of the same class, never the base class's silent default */
  bool is_double_type () const override { return m_cls == "double"; }
  bool is_single_type () const override { return m_cls == "single"; }
  bool is_int8_type () const override { return m_cls == "int8"; }
  bool is_int16_type () const override { return m_cls == "int16"; }
  bool is_int32_type () const override { return m_cls == "int32"; }
  bool is_int64_type () const override { return m_cls == "int64"; }
  bool is_uint8_type () const override { return m_cls == "uint8"; }
  bool is_uint16_type () const override { return m_cls == "uint16"; }
  bool is_uint32_type () const override { return m_cls == "uint32"; }
  bool is_uint64_type () const override { return m_cls == "uint64"; }
  /* a matrix for `for k = G` (columns through do_index_op) and for builtins' size arguments */
  bool is_matrix_type () const override { return true; }
  /* a 1x1 array is a scalar for builtins that take a scalar path (linspace's formula differs
     between its scalar and vector paths) */
  bool is_scalar_type () const override { return m_dims.numel () == 1; }
  /* isa (G, "gpuArray") as MATLAB, and isa (G, "single") as for the host array, so that
     Octave's own .m functions that test the element class (var, std, ...) take its path */
  bool is_instance_of (const std::string& cls) const override
  {
    return cls == "gpuArray" || cls == m_cls;
  }
  std::size_t byte_size () const override;

  octave_value do_index_op (const octave_value_list& idx, bool resize_ok = false) override;
  octave_value all (int dim = 0) const override;
  octave_value any (int dim = 0) const override;
  octave_idx_type nnz () const override;
  octave_value full_value () const override;
  octave_value squeeze () const override;
  octave_value reshape (const dim_vector& dv) const override;
  octave_value resize (const dim_vector& dv, bool fill = false) const override;
  octave_value permute (const Array<int>& vec, bool inv = false) const override;
  octave_value diag (octave_idx_type k = 0) const override;
  octave_value diag (octave_idx_type m, octave_idx_type n) const override;
  octave_value sort (octave_idx_type dim = 0, sortmode mode = ASCENDING) const override;
  octave_value sort (Array<octave_idx_type>& sidx, octave_idx_type dim = 0,
                     sortmode mode = ASCENDING) const override;
  sortmode issorted (sortmode mode = UNSORTED) const override;
  Array<octave_idx_type> sort_rows_idx (sortmode mode = ASCENDING) const override;
  sortmode is_sorted_rows (sortmode mode = UNSORTED) const override;
  MatrixType matrix_type () const override;
  MatrixType matrix_type (const MatrixType& typ) const override;
  octave::idx_vector index_vector (bool require_integers = false) const override;
  octave_value as_double () const override;
  octave_value as_single () const override;
  octave_value as_int8 () const override;
  octave_value as_int16 () const override;
  octave_value as_int32 () const override;
  octave_value as_int64 () const override;
  octave_value as_uint8 () const override;
  octave_value as_uint16 () const override;
  octave_value as_uint32 () const override;
  octave_value as_uint64 () const override;
  octave_value convert_to_str_internal (bool pad, bool force, char type) const override;
  mxArray * as_mxArray (bool interleaved) const override;

  short int short_value (bool req_int = false, bool frc_str_conv = false) const override;
  unsigned short int ushort_value (bool req_int = false, bool frc_str_conv = false) const override;
  int int_value (bool req_int = false, bool frc_str_conv = false) const override;
  unsigned int uint_value (bool req_int = false, bool frc_str_conv = false) const override;
  int nint_value (bool frc_str_conv = false) const override;
  long int long_value (bool req_int = false, bool frc_str_conv = false) const override;
  unsigned long int ulong_value (bool req_int = false, bool frc_str_conv = false) const override;
  int64_t int64_value (bool req_int = false, bool frc_str_conv = false) const override;
  uint64_t uint64_value (bool req_int = false, bool frc_str_conv = false) const override;
  double double_value (bool frc_str_conv = false) const override;
  float float_value (bool frc_str_conv = false) const override;
  Matrix matrix_value (bool frc_str_conv = false) const override;
  FloatMatrix float_matrix_value (bool frc_str_conv = false) const override;
  NDArray array_value (bool frc_str_conv = false) const override;
  FloatNDArray float_array_value (bool frc_str_conv = false) const override;
  Complex complex_value (bool frc_str_conv = false) const override;
  FloatComplex float_complex_value (bool frc_str_conv = false) const override;
  ComplexMatrix complex_matrix_value (bool frc_str_conv = false) const override;
  FloatComplexMatrix float_complex_matrix_value (bool frc_str_conv = false) const override;
  ComplexNDArray complex_array_value (bool frc_str_conv = false) const override;
  FloatComplexNDArray float_complex_array_value (bool frc_str_conv = false) const override;
  bool bool_value (bool warn = false) const override;
  boolMatrix bool_matrix_value (bool warn = false) const override;
  boolNDArray bool_array_value (bool warn = false) const override;
  charMatrix char_matrix_value (bool force = false) const override;
  charNDArray char_array_value (bool frc_str_conv = false) const override;
  SparseMatrix sparse_matrix_value (bool frc_str_conv = false) const override;
  SparseComplexMatrix sparse_complex_matrix_value (bool frc_str_conv = false) const override;
  SparseBoolMatrix sparse_bool_matrix_value (bool warn = false) const override;
  DiagMatrix diag_matrix_value (bool frc_str_conv = false) const override;
  FloatDiagMatrix float_diag_matrix_value (bool frc_str_conv = false) const override;
  ComplexDiagMatrix complex_diag_matrix_value (bool frc_str_conv = false) const override;
  FloatComplexDiagMatrix float_complex_diag_matrix_value (bool frc_str_conv = false) const override;
  octave_int8 int8_scalar_value () const override;
  octave_int16 int16_scalar_value () const override;
  octave_int32 int32_scalar_value () const override;
  octave_int64 int64_scalar_value () const override;
  octave_uint8 uint8_scalar_value () const override;
  octave_uint16 uint16_scalar_value () const override;
  octave_uint32 uint32_scalar_value () const override;
  octave_uint64 uint64_scalar_value () const override;
  int8NDArray int8_array_value () const override;
  int16NDArray int16_array_value () const override;
  int32NDArray int32_array_value () const override;
  int64NDArray int64_array_value () const override;
  uint8NDArray uint8_array_value () const override;
  uint16NDArray uint16_array_value () const override;
  uint32NDArray uint32_array_value () const override;
  uint64NDArray uint64_array_value () const override;
  string_vector string_vector_value (bool pad = false) const override;
  std::string string_value (bool force = false) const override;

  /* The gathered host array, as a builtin without a GPU method sees it: warns once per calling
     function (gpumat:hostFallback) */
  octave_value host_value () const;

  uint64_t m_ptr;
  dim_vector m_dims;
  std::string m_cls;           /* "double", "single", "int8" ... "uint64", "logical" */
  bool m_complex;
  int m_op;                    /* 0, or 1 (G.') / 2 (G' of complex data) for a view */
  std::shared_ptr<block_owner> m_owner;
  mutable octave_value m_desc;

private:
  DECLARE_OV_TYPEID_FUNCTIONS_AND_DATA
};

/* ---- shared by the two sources (gpumat_value.cc) ---- */
bool is_gpumat (const octave_value& v);
const octave_gpumat& rep (const octave_value& v);
/* an octave_value sharing this very rep, no new reference to the device block */
octave_value self_value (const octave_gpumat& g);
octave_value as_value (const octave_base_value& a);
octave_value_list call_gateway (const octave_value_list& args, int nargout);
/* the gateway alone, for a command the direct road declined already */
octave_value_list gateway_call (const octave_value_list& args, int nargout);
octave_value gw1 (const octave_value_list& args);
octave_value gather (const octave_value& g);
octave_value host_scalar_form (const octave_value& h);
/* a host array uploaded, a logical one staying logical */
octave_value upload_host (const octave_value& h);
octave_value_list index_op (const octave_gpumat& g, const octave_value_list& ix);

/* ---- gpumat_value_direct.cc ---- */
/* The hot commands computed through the runtime library's C API, with the gateway's rules;
   false (nothing done) for what the gateway must do */
bool direct_call (const octave_value_list& args, int nargout, octave_value_list& out);
/* whether the gateway links the runtime linked here (asked once); turned off by
   set_direct_enabled (false), for tests and benchmarks */
bool direct_available ();
void set_direct_enabled (bool on);
double direct_call_count ();
/* The operators' own road to the same computations, no command list: G + H and the other
   element-wise operators (Octave's op_add ... op_ne), the mappers by Octave's name ("abs",
   "uminus", ...), and op (X) * op (Y) (tx, ty: X, Y transposed); false: the gateway's road */
bool direct_binary_operator (octave_value::binary_op op, const octave_value& x,
                             const octave_value& y, octave_value& out);
bool direct_unary_operator (const char *name, const octave_value& x, octave_value& out);
bool direct_product (const octave_value& x, bool tx, const octave_value& y, bool ty,
                     octave_value& out);
/* the most subscripts the runtime's indexing takes (GM_INDEX_MAX_DIMS, checked where both are
   seen: gpumat_value_direct.cc) */
const int index_max_subscripts = 32;
/* G(I1, ..., In) with colons, scalars and contiguous ranges (ext: each subscript's extent,
   rd: the result's size), as the gateway's "index" computes it; false: the gateway's road */
bool direct_index (const octave_gpumat& g, const std::vector<octave::idx_vector>& ivs,
                   const int64_t *ext, const dim_vector& rd, octave_value& out);
/* G(i, j, ...) = s: one element of a real double or single array that owns its block alone, s
   a real host scalar; false: the gateway's "assign" */
bool direct_assign_element (const octave_value& self, const std::vector<octave::idx_vector>& ivs,
                            const octave_value& rhs);
/* frees a dead value's block now, when the direct path is known to be there */
bool direct_free (uint64_t block);
/* dot (x, y) of two real vectors of one class and one length; false: the gateway's "dot" */
bool direct_dot_vectors (const octave_value& x, const octave_value& y, octave_value& out);
/* OP ("sum", "mean", "max", "min") of a real double or single array along DIM (0: Octave's
   default dimension), one output; false: the gateway's "reduce" */
bool direct_vector_norm2 (const octave_value& a, octave_value& out);
bool direct_reduction (const char *op, const octave_value& a, double dim, octave_value& out);
/* fft (G) (inverse false) or ifft (G) along G's first dimension longer than 1, of a double or
   single array, real or complex (narrowed as Octave narrows); false: the gateway's "fft" */
bool direct_fft (const octave_value& x, bool inverse, octave_value& out);

/* ---- gpumat_value_methods.cc: the commands of the hot methods' common calls ---- */
octave_value_list method_dotv (const octave_value& x, const octave_value& y);
octave_value_list method_sum (const octave_value& a);
octave_value_list method_norm2 (const octave_value& a);
octave_value_list method_upload1 (const octave_value& a);
/* ("fronts"[, TF]): the compiled fronts' road on or off; [on, calls taken] */
octave_value_list fronts_switch (const octave_value_list& args);

/* ---- gpumat_value_host.cc ---- */
/* the operators of gpumat_value_host.cc, installed for the gpumat type against itself and
   every host type in OTHERS */
void install_host_ops (octave::type_info& ti, int t, const std::vector<int>& others);
/* element-wise operators: on the device, or Octave's own on the host for integer and complex
   operands */
octave_value elementwise_binary (octave_value::binary_op op, const char *caller,
                                 const char *name, const octave_value& x, const octave_value& y);
octave_value elementwise_not (const octave_value& x);
octave_value elementwise_uminus (const octave_value& x);
/* a sparse host operand, and Octave's own operator (plain or compound) of the gathered
   operands: the result uploaded, or left on the host where it is sparse */
bool sparse_pair (const octave_value& a, const octave_value& b);
octave_value host_operator (octave_value::binary_op op, const octave_value& a,
                            const octave_value& b);
octave_value host_operator (octave_value::compound_binary_op op, const octave_value& a,
                            const octave_value& b);
/* logical (G) on the device, Octave's error for NaN */
octave_value logical_value (const octave_value& x);
/* the hostFallback warning, once per NAME a session */
void note_host_fallback (const std::string& name);
/* the interpreter that registered the type */
extern octave::interpreter *registering_interpreter;

#endif
