// print_test.cpp — the pictures of cutego.hpp: `print_test_cpp KIND FORM TEXT [TILE]` writes
// cutego::print_layout / print_latex / print_svg of TEXT to stdout (csrc/abi/print_test.sh
// compares it with `cutego print` / `cutego render`), and checks that a refusal throws
// cutego::error with its status.
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
