// consumer.cpp — a C++ program built only from an installed libcutego (pkg-config or CMake):
// the same cases as consumer.c through cutego.hpp.
#include <cutego.hpp>
#include <iostream>

int main() {
  using namespace cutego;
  try {
    std::cout << composition(Layout("(6,2):(8,2)"), Layout("(4,3):(3,1)")) << "\n";
    std::cout << composition(Layout("(12,(4,8)):(59,(13,1))"), Tiler{Layout("3:4"), Layout("8:2")}) << "\n";
    Layout a("(9,(4,8)):(59,(13,1))");
    Tiler t{Layout("3:3"), Layout("(2,4):(1,8)")};
    std::cout << logical_divide(a, t) << "\n" << zipped_divide(a, t) << "\n";
    std::cout << blocked_product(Layout("(2,5):(5,1)"), Layout("(3,4):(1,3)")) << "\n";
    std::cout << raked_product(Layout("(2,5):(5,1)"), Layout("(3,4):(1,3)")) << "\n";
    std::cout << complement(Layout("(2,2):(1,6)"), 24) << "\n";
    std::cout << right_inverse(Layout("(4,2):(2,1)")) << "\n";
    std::cout << coalesce(Layout("(2,(1,6)):(1,(6,2))")) << "\n";
    Layout l("(2,(3,4)):(1,(2,6))");
    std::cout << size(l) << "\n" << cosize(l) << "\n";
    std::cout << Layout("(2,(3,4)):(3,(1,6))")(17) << "\n";
    std::cout << Swizzle(3, 4, 3)(128) << "\n";
  } catch (const cutego::error &e) {
    std::cout << "error: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
