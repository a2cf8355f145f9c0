// Issue 14, class tail_round: the frame's size is a multiple of the
// frame's own alignment, not of the largest field alignment.
#include "co.h"
long sink;
Co tail_round(int x) {
  int arr[5] = {x, x + 1, x + 2, x + 3, x + 4};
  co_await std::suspend_always{};
  std::printf("%d %d\n", arr[x & 3], arr[4]);
}
int main() { tail_round(3).run(); }
