// print_test.cpp — the pictures of cutego.hpp: `print_test_cpp KIND FORM TEXT [TILE]` writes
// cutego::print_layout / print_latex / print_svg of TEXT to stdout (csrc/abi/print_test.sh
// compares it with `cutego print` / `cutego render`), and checks that a refusal throws
// cutego::error with its status. `print_test_cpp mma svg ATOM ATOM_LAYOUT PERMUTATION READERS
// THREAD` and `print_test_cpp copy svg OP VAL_TYPE THR_LAYOUT VAL_LAYOUT READERS THREAD TILER`
// write cutego::print_svg_tiled_mma / print_svg_tiled_copy with the options.
#include <cstring>
#include <iostream>
#include <sstream>

#include "cutego.hpp"

int main(int argc, char **argv) {
  if (argc < 4) {
    std::cerr << "usage: print_test_cpp layout|composed|tv layout|latex|svg TEXT [TILE]\n";
    return 2;
  }
  std::string kind = argv[1], form = argv[2];
  try {
    std::ostringstream os;
    if (kind == "layout") {
      cutego::Layout l(argv[3]);
      if (form == "layout") cutego::print_layout(os, l);
      else if (form == "latex") cutego::print_latex(os, l);
      else if (form == "svg") cutego::print_svg(os, l);
    } else if (kind == "composed") {
      cutego::ComposedLayout c(argv[3]);
      if (form == "layout") cutego::print_layout(os, c);
      else if (form == "latex") cutego::print_latex(os, c);
      else if (form == "svg") cutego::print_svg(os, c);
    } else if (kind == "mma" && form == "svg" && argc == 8) {
      cutego::TiledMMA m = cutego::make_tiled_mma(argv[3], cutego::Layout(argv[4]), argv[5]);
      os << cutego::print_svg_tiled_mma(m, std::stoll(argv[6]), std::stoll(argv[7]));
      try {  // a thread below -1: cutego::error, CUTEGO_INVALID_ARGUMENT
        cutego::print_svg_tiled_mma(m, 0, -2);
        std::cerr << "print_test_cpp: thread -2 drawn\n";
        return 1;
      } catch (const cutego::error &e) {
        if (e.status() != CUTEGO_INVALID_ARGUMENT) throw;
      }
    } else if (kind == "copy" && form == "svg" && argc == 10) {
      cutego::TiledCopy c = cutego::make_tiled_copy(argv[3], argv[4], cutego::Layout(argv[5]), cutego::Layout(argv[6]));
      os << cutego::print_svg_tiled_copy(c, std::stoll(argv[7]), std::stoll(argv[8]), std::stoll(argv[9]));
    } else if (kind == "tv" && argc > 4) {
      cutego::Layout tv(argv[3]);
      cutego::IntTuple tile(argv[4]);
      if (form == "latex") cutego::print_latex(os, tv, tile);
      else if (form == "svg") cutego::print_svg(os, tv, tile);
    }
    if (os.str().empty()) {
      std::cerr << "print_test_cpp: nothing drawn for " << kind << " " << form << "\n";
      return 1;
    }
    std::cout << os.str();
  } catch (const cutego::error &e) {
    std::cerr << "print_test_cpp: " << e.what() << "\n";
    return 1;
  }
  // a rank-3 layout has no picture: cutego::error, CUTEGO_INVALID_ARGUMENT
  try {
    std::ostringstream os;
    cutego::print_layout(os, cutego::Layout("(2,2,2):(1,2,4)"));
    std::cerr << "print_test_cpp: rank 3 drawn\n";
    return 1;
  } catch (const cutego::error &e) {
    if (e.status() != CUTEGO_INVALID_ARGUMENT || std::strstr(e.what(), "cute_print_layout") == nullptr) {
      std::cerr << "print_test_cpp: rank 3: " << e.status() << " " << e.what() << "\n";
      return 1;
    }
  }
  return 0;
}
