// Issue 14, class scopes: locals of consecutive scopes, each alive across
// its own suspend, share storage whatever their size.
#include "co.h"
long sink;
struct G {
  long x;
  ~G() { sink += x; }
};
Co scopes(long x) {
  {
    G a{x};
    co_await std::suspend_always{};
  }
  {
    G b{x + 1};
    co_await std::suspend_always{};
  }
}
int main() {
  scopes(5).run();
  std::printf("%ld\n", sink);
}
