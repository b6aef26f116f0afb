"""Expressions of the `cutego eval` language (docs/EVAL.md): parsing, and rendering as
eval text and as C++ CuTe source with every integer a compile-time constant.

The same tree is what the random generator builds, what curated case files hold (as eval
text), and what the functional checks evaluate."""

import re


class Int:
    __slots__ = ("v",)

    def __init__(self, v):
        self.v = int(v)

    def __eq__(self, o):
        return isinstance(o, Int) and o.v == self.v

    def __hash__(self):
        return hash(("I", self.v))


class Tup:
    __slots__ = ("items",)

    def __init__(self, items):
        self.items = list(items)


class Basis:
    """A scaled basis element v@i@j... as CuTe prints it."""

    __slots__ = ("v", "modes")

    def __init__(self, v, modes):
        self.v = v
        self.modes = list(modes)


class Lay:
    __slots__ = ("shape", "stride")

    def __init__(self, shape, stride):
        self.shape = shape
        self.stride = stride


class Under:
    __slots__ = ()


class Sw:
    __slots__ = ("b", "m", "s")

    def __init__(self, b, m, s):
        self.b, self.m, self.s = b, m, s


class Composed:
    __slots__ = ("a", "o", "b")

    def __init__(self, a, o, b):
        self.a, self.o, self.b = a, o, b


class Tag:
    __slots__ = ("name",)

    def __init__(self, name):
        self.name = name


class Call:
    __slots__ = ("name", "args")

    def __init__(self, name, args):
        self.name = name
        self.args = list(args)


class Apply:
    __slots__ = ("fn", "arg")

    def __init__(self, fn, arg):
        self.fn = fn
        self.arg = arg


class TypeVal:
    """A value of a C++ type, written `Name{}` or `Name<...>{}` in eval and in C++: CuTe's
    atoms (`SM80_16x8x16_F32F16F16F32_TN{}`, `Copy_Atom<SM75_U32x4_LDSM_N,half_t>{}`). The
    C++ spelling may differ from eval's (`SM90_64x8x8_F32TF32TF32_SS_TN<>{}` is
    `SM90_64x8x8_F32TF32TF32_SS_TN{}` in eval)."""

    __slots__ = ("eval", "cxx")

    def __init__(self, eval_text, cxx_text=None):
        self.eval = eval_text
        self.cxx = cxx_text if cxx_text is not None else eval_text


class Raw:
    """Verbatim C++ (only in curated kernel cases, which give their C++ side explicitly)."""

    __slots__ = ("text",)

    def __init__(self, text):
        self.text = text


# ---------------------------------------------------------------- parsing

_TOK = re.compile(r"\s*(?:(-?\d+)|(Sw<)|([A-Za-z][A-Za-z0-9_]*)|(_)|(.))")


class ParseError(Exception):
    pass


def tokenize(s):
    out = []
    pos = 0
    s = s.strip()
    while pos < len(s):
        m = _TOK.match(s, pos)
        if not m or m.end() == pos:
            break
        pos = m.end()
        num, sw, ident, under, punct = m.groups()
        if num is not None:
            out.append(("int", int(num)))
        elif sw:
            out.append(("sw", None))
        elif ident is not None:
            out.append(("id", ident))
        elif under:
            out.append(("_", None))
        elif punct is not None:
            if punct.isspace():
                continue
            out.append(("p", punct))
    return out


class _Parser:
    def __init__(self, s):
        # CuTe's printed form (with `_` before static integers) is accepted: `_4` -> 4.
        s = re.sub(r"(?<![A-Za-z0-9_])_(?=-?\d)", "", s)
        self.t = tokenize(s)
        self.i = 0

    def peek(self, k=0):
        j = self.i + k
        return self.t[j] if j < len(self.t) else ("eof", None)

    def take(self, kind=None, val=None):
        tok = self.peek()
        if kind and tok[0] != kind or val is not None and tok[1] != val:
            raise ParseError("expected %s %s, got %s" % (kind, val, tok))
        self.i += 1
        return tok

    def is_p(self, c, k=0):
        tok = self.peek(k)
        return tok[0] == "p" and tok[1] == c

    def expr(self):
        v = self.layout_or_value()
        # composed layout: A o O o B
        if self.peek() == ("id", "o"):
            self.take()
            off = self.layout_or_value()
            self.take("id", "o")
            b = self.layout_or_value()
            v = Composed(v, off, b)
        return v

    def layout_or_value(self):
        v = self.atom()
        if self.is_p(":"):
            self.take()
            st = self.atom()
            v = Lay(v, st)
        while self.is_p("("):
            self.take()
            items = self.elems(")")
            arg = items[0] if len(items) == 1 else Tup(items)
            v = Apply(v, arg)
        return v

    def elems(self, close):
        items = []
        if self.is_p(close):
            self.take()
            return items
        while True:
            items.append(self.expr())
            if self.is_p(","):
                self.take()
                continue
            self.take("p", close)
            return items

    def targs(self):
        """The template arguments of a type value `Name<...>{}` (types and integers), as
        text, and its `{}`."""
        text, depth = "", 0
        while self.is_p("<") or depth:
            k, v = self.take()
            if k == "eof":
                raise ParseError("unclosed template arguments")
            if k == "p" and v in "<>":
                depth += 1 if v == "<" else -1
            elif not (k in ("id", "int") or k == "p" and v == ","):
                raise ParseError("unexpected %s in template arguments" % ((k, v),))
            text += str(v)
        self.take("p", "{")
        self.take("p", "}")
        return text

    def atom(self):
        tok = self.peek()
        if tok[0] == "int":
            self.take()
            v = Int(tok[1])
            if self.is_p("@"):
                modes = []
                while self.is_p("@"):
                    self.take()
                    modes.append(self.take("int")[1])
                return Basis(tok[1], modes)
            return v
        if tok[0] == "_":
            self.take()
            return Under()
        if tok[0] == "sw":
            self.take()
            b = self.take("int")[1]
            self.take("p", ",")
            m = self.take("int")[1]
            self.take("p", ",")
            s = self.take("int")[1]
            self.take("p", ">")
            return Sw(b, m, s)
        if tok[0] == "id":
            self.take()
            if self.is_p("<") or self.is_p("{"):
                return TypeVal(tok[1] + self.targs() + "{}")
            if self.is_p("("):
                self.take()
                return Call(tok[1], self.elems(")"))
            if tok[1] in ("LayoutLeft", "LayoutRight"):
                return Tag(tok[1])
            if tok[1] in ("true", "false"):
                return Int(1 if tok[1] == "true" else 0)
            raise ParseError("unknown name " + tok[1])
        if tok[0] == "p" and tok[1] == "(":
            self.take()
            return Tup(self.elems(")"))
        raise ParseError("unexpected %s" % (tok,))


def parse(s):
    p = _Parser(s)
    v = p.expr()
    if p.peek()[0] != "eof":
        raise ParseError("trailing input at token %d: %s" % (p.i, p.peek()))
    return v


# ---------------------------------------------------------------- eval text

def to_eval(n):
    if isinstance(n, Int):
        return str(n.v)
    if isinstance(n, Tup):
        return "(" + ",".join(to_eval(x) for x in n.items) + ")"
    if isinstance(n, Lay):
        return to_eval(n.shape) + ":" + to_eval(n.stride)
    if isinstance(n, Basis):
        return str(n.v) + "".join("@%d" % m for m in n.modes)
    if isinstance(n, Under):
        return "_"
    if isinstance(n, Sw):
        return "Sw<%d,%d,%d>" % (n.b, n.m, n.s)
    if isinstance(n, Composed):
        return "%s o %s o %s" % (to_eval(n.a), to_eval(n.o), to_eval(n.b))
    if isinstance(n, Tag):
        return n.name
    if isinstance(n, TypeVal):
        return n.eval
    if isinstance(n, Call):
        return n.name + "(" + ",".join(to_eval(x) for x in n.args) + ")"
    if isinstance(n, Apply):
        f = to_eval(n.fn)
        if isinstance(n.fn, Composed):
            # `(A o O o B)(c)` would read as the rank-1 tuple (A o O o B) applied to c
            f = "make_composed_layout(%s,%s,%s)" % (to_eval(n.fn.a), to_eval(n.fn.o),
                                                    to_eval(n.fn.b))
        a = n.arg
        # L(x) applies L to x; L(x,y,...) to the tuple (x,y,...). A rank-1 tuple coordinate
        # ((x)) must therefore be written L(((x))).
        if isinstance(a, Tup) and len(a.items) >= 2:
            inner = ",".join(to_eval(x) for x in a.items)
        else:
            inner = to_eval(a)
        return f + "(" + inner + ")"
    raise TypeError(n)


# ---------------------------------------------------------------- C++ text

# eval functions whose trailing integer arguments are C++ template arguments:
# name -> number of leading value arguments.
TEMPLATE_ARGS = {
    "upcast": 1, "downcast": 1, "group": 1, "take": 1, "select": 1,
    "get": 1, "layout": 1, "recast_layout": 1,
}
RECAST_TYPES = {8: "uint8_t", 16: "uint16_t", 32: "uint32_t", 64: "uint64_t"}
# eval functions whose trailing integers, when present, are a mode path given as C++ template
# arguments (`size(L,1,0)` is `size<1,0>(L)`); without them the plain call.
MODE_PATH_ARGS = ("size", "shape", "stride", "rank", "depth", "cosize")
# eval functions C++ CuTe has only on tensors: the layout of the tensor over a counting
# iterator (docs/EVAL.md), compiled with cute/tensor.hpp (cases.group_of)
TENSOR_FUNCS = ("local_tile", "local_partition")
# eval functions that are member functions in C++ (`get_slice(mma, 3)` is
# `mma.get_slice(3)`, docs/EVAL.md)
MEMBER_FUNCS = ("get_layoutA_TV", "get_layoutB_TV", "get_layoutC_TV", "get_layoutS_TV",
                "get_layoutD_TV", "thrfrg_A", "thrfrg_B", "thrfrg_C", "tidfrg_S", "tidfrg_D",
                "get_slice", "partition_A", "partition_B", "partition_C", "partition_S",
                "partition_D", "retile_S", "retile_D")
# eval names that map to a differently named C++ function
CXX_NAME = {"make_swizzle": None}


def to_cxx(n):
    if isinstance(n, Int):
        return "Int<%d>{}" % n.v
    if isinstance(n, Tup):
        if not n.items:
            return "cute::tuple<>{}"
        return "cute::make_tuple(" + ",".join(to_cxx(x) for x in n.items) + ")"
    if isinstance(n, Lay):
        return "make_layout(%s,%s)" % (to_cxx(n.shape), to_cxx(n.stride))
    if isinstance(n, Basis):
        # CuTe prints ScaledBasis<T,N0,N1,...> as v@...@N1@N0 (innermost first)
        return "ScaledBasis<Int<%d>,%s>{}" % (n.v, ",".join(str(m) for m in reversed(n.modes)))
    if isinstance(n, Under):
        return "_"
    if isinstance(n, Sw):
        return "Swizzle<%d,%d,%d>{}" % (n.b, n.m, n.s)
    if isinstance(n, Composed):
        return "make_composed_layout(%s,%s,%s)" % (to_cxx(n.a), to_cxx(n.o), to_cxx(n.b))
    if isinstance(n, Tag):
        return n.name + "{}"
    if isinstance(n, TypeVal):
        return n.cxx
    if isinstance(n, Raw):
        return n.text
    if isinstance(n, Apply):
        a = n.arg
        # L(x,y,...) is L(make_coord(x,y,...)); a rank-1 coordinate stays a tuple: L((_)) is
        # L(make_coord(_)), not L(_)
        if isinstance(a, Tup) and len(a.items) >= 2 and any(isinstance(x, Under) for x in a.items):
            inner = ",".join(to_cxx(x) for x in a.items)
        else:
            inner = to_cxx(a)
        return "(%s)(%s)" % (to_cxx(n.fn), inner)
    if isinstance(n, Call):
        name = n.name
        if name == "make_swizzle":
            b, m, s = (x.v for x in n.args)
            return "Swizzle<%d,%d,%d>{}" % (b, m, s)
        if name in MODE_PATH_ARGS and len(n.args) > 1:
            if not all(isinstance(x, Int) for x in n.args[1:]):
                raise ValueError("the mode path of %s must be integers" % name)
            return "%s<%s>(%s)" % (name, ",".join(str(x.v) for x in n.args[1:]),
                                   to_cxx(n.args[0]))
        if name in MEMBER_FUNCS and n.args:
            return "(%s).%s(%s)" % (to_cxx(n.args[0]), name,
                                    ",".join(to_cxx(x) for x in n.args[1:]))
        if name == "iota_tensor" and len(n.args) == 1:
            return "make_tensor(counting_iterator<int>(0), %s)" % to_cxx(n.args[0])
        if name == "with_shape" and len(n.args) == 2:
            return "(%s).with_shape(%s)" % (to_cxx(n.args[0]), to_cxx(n.args[1]))
        if name in TENSOR_FUNCS and len(n.args) == 3:
            return "%s(make_tensor(counting_iterator<int>(0), %s), %s).layout()" % (
                name, to_cxx(n.args[0]), ",".join(to_cxx(x) for x in n.args[1:]))
        if name in TEMPLATE_ARGS:
            k = TEMPLATE_ARGS[name]
            vals, targs = n.args[:k], n.args[k:]
            if not all(isinstance(x, Int) for x in targs):
                raise ValueError("template arguments of %s must be integers" % name)
            if name == "recast_layout":
                ts = [RECAST_TYPES[x.v] for x in targs]
            else:
                ts = [str(x.v) for x in targs]
            return "%s<%s>(%s)" % (name, ",".join(ts), ",".join(to_cxx(x) for x in vals))
        return "%s(%s)" % (name, ",".join(to_cxx(x) for x in n.args))
    raise TypeError(n)
