// mismatch_cpp_40498_simplified: corolower mismatch in mode simplified (LLVM's lowering matches the native reference)
// exit status 1, expected 3 
// reduced from seed 40498 by run_diff.py --reduce (123 tests); regenerate with: gen_cpp.py 40498 --size 6 --disable boolaw,voidaw,destroy,customnew --skip 4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,45,46,47,48,49,50,51,52,53,54,55,56,57,58,59,60,61,64,65,66,67,68,69,70,71,72,73,74,75,76,78,79,80,81,82,83,84,85,86,87,88,89,90,91,92,93,94,95,96,97,98,99,100,101,102,103,104,105,106,107,108,109,110,111,112,113,114,115,116,117,118,119,120,121,122,123,124,125,126,127,128,129,130,131,132,133,134,135,136,137,138,139,140,141,142,143,144,145,146,147,148,149,150,151,152,153,154,155,156,157,158,159,167,172,174,175,176,177,178,179,180,181,182,183,184,185,186,187,188,189,190,194,195,196,197,198,199,200,201,202,203,204,205,206,207,208,209
// check with: run_diff.py --lower CMD --files THIS_FILE --modes simplified
// gen_cpp.py 40498 --size 6 --disable boolaw,customnew,destroy,voidaw
#include <coroutine>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <new>
#include <utility>

static unsigned g_ck = 1u;
static long g_live = 0, g_allocs = 0, g_bytes = 0;
static unsigned g_lines = 0;
__attribute__((noinline)) void trace(unsigned tag, unsigned v) {
  g_ck = g_ck * 2654435761u + (tag ^ (v * 40503u));
  if (g_lines < 2000u) { std::printf("t%u %u\n", tag, v); ++g_lines; }
}
__attribute__((noinline)) unsigned mix(unsigned a, unsigned b) {
  return a ^ (b + 0x9e3779b9u + (a << 6) + (a >> 2));
}
struct Exc { unsigned v; };
struct Guard {
  unsigned id;
  explicit Guard(unsigned i) : id(i) { ++g_live; trace(9000u, id); }
  Guard(const Guard &) = delete;
  ~Guard() { --g_live; trace(9001u, id); }
};
struct P1 { unsigned x, y; };
struct NT {
  unsigned *p;
  explicit NT(unsigned v) : p(new unsigned(v)) { ++g_live; }
  NT(const NT &o) : p(new unsigned(*o.p + 1u)) { ++g_live; trace(9002u, *p); }
  NT(NT &&o) noexcept : p(o.p) { o.p = nullptr; ++g_live; trace(9003u, p ? *p : 0u); }
  NT &operator=(const NT &) = delete;
  ~NT() { --g_live; if (p) trace(9004u, *p); delete p; }
  unsigned get() const { return p ? *p : 7u; }
};
// Addresses of locals, kept by functions the optimizer cannot see through.
static unsigned *g_pub[1u << 14];
static unsigned g_npub = 0;
__attribute__((noinline)) unsigned publish(unsigned *p) {
  if (g_npub >= (1u << 14)) { std::puts("publish overflow"); std::exit(3); }
  g_pub[g_npub] = p;
  return g_npub++;
}
__attribute__((noinline)) unsigned peek(unsigned s) { return *g_pub[s]; }
__attribute__((noinline)) void bump(unsigned s, unsigned d) { *g_pub[s] += d; }
__attribute__((noinline)) unsigned is_aligned(const void *p, unsigned a) {
  volatile std::uintptr_t v = reinterpret_cast<std::uintptr_t>(p);
  return (v % a) == 0 ? 1u : 0u;
}
// The scheduler: suspended coroutines waiting to be resumed by main.
static std::coroutine_handle<> g_q[4096];
static unsigned g_qh = 0, g_qt = 0;
void sched_push(std::coroutine_handle<> h) {
  if (g_qt - g_qh >= 4096u) { std::puts("queue overflow"); std::exit(4); }
  g_q[g_qt++ % 4096u] = h;
}
std::coroutine_handle<> sched_pop() {
  while (g_qh != g_qt) {
    std::coroutine_handle<> h = g_q[g_qh++ % 4096u];
    if (h) return h;
  }
  return {};
}
void sched_remove(void *a) {
  for (unsigned i = g_qh; i != g_qt; ++i)
    if (g_q[i % 4096u].address() == a) g_q[i % 4096u] = {};
}
void drain() {
  for (std::coroutine_handle<> h = sched_pop(); h; h = sched_pop()) {
    try { h.resume(); } catch (const Exc &e) { trace(8000u, e.v); }
  }
}
struct YVoid {
  unsigned v;
  bool await_ready() const noexcept { return false; }
  void await_suspend(std::coroutine_handle<> h) { sched_push(h); }
  unsigned await_resume() const noexcept { return v + 11u; }
};
struct YBool {
  unsigned v;
  bool await_ready() const noexcept { return false; }
  bool await_suspend(std::coroutine_handle<> h) {
    if (v % 3u == 0u) return false;
    sched_push(h);
    return true;
  }
  unsigned await_resume() const noexcept { return v * 3u; }
};
struct YSym {  // to itself (no suspension) or to the scheduler's noop
  unsigned v;
  bool await_ready() const noexcept { return false; }
  std::coroutine_handle<> await_suspend(std::coroutine_handle<> h) {
    if (v % 2u == 0u) return h;
    sched_push(h);
    return std::noop_coroutine();
  }
  unsigned await_resume() const noexcept { return v ^ 0x55u; }
};
struct YReady {
  unsigned v;
  bool await_ready() const noexcept { return true; }
  void await_suspend(std::coroutine_handle<>) noexcept {}
  unsigned await_resume() const noexcept { return v + 1u; }
};
// Frame allocation: 0 the global operator new, 1 counted, 2 counted and
// 64-byte aligned (for frames holding over-aligned locals).
template <int A> struct NewBase {};
template <> struct NewBase<1> {
  static void *operator new(std::size_t n) {
    ++g_allocs; g_bytes += (long)n;
    return ::operator new(n);
  }
  static void operator delete(void *p, std::size_t n) {
    --g_allocs; g_bytes -= (long)n;
    ::operator delete(p);
  }
};
template <> struct NewBase<2> {
  static void *operator new(std::size_t n) {
    ++g_allocs; g_bytes += (long)n;
    void *p = std::aligned_alloc(64, (n + 63u) / 64u * 64u);
    if (!p) std::abort();
    return p;
  }
  static void operator delete(void *p, std::size_t n) {
    --g_allocs; g_bytes -= (long)n;
    std::free(p);
  }
};
template <bool Eager, bool Rethrow, int A> struct Task {
  struct promise_type : NewBase<A> {
    unsigned value = 0;
    std::exception_ptr exc;
    std::coroutine_handle<> cont;
    bool started = Eager;
    ~promise_type() {
      sched_remove(std::coroutine_handle<promise_type>::from_promise(*this).address());
    }
    Task get_return_object() {
      return Task{std::coroutine_handle<promise_type>::from_promise(*this)};
    }
    auto initial_suspend() noexcept {
      if constexpr (Eager) return std::suspend_never{};
      else return std::suspend_always{};
    }
    struct Final {
      bool await_ready() noexcept { return false; }
      std::coroutine_handle<> await_suspend(std::coroutine_handle<promise_type> h) noexcept {
        std::coroutine_handle<> c = h.promise().cont;
        if (c) return c;
        return std::noop_coroutine();
      }
      void await_resume() noexcept {}
    };
    Final final_suspend() noexcept { return {}; }
    void return_value(unsigned v) { value = v; }
    void unhandled_exception() {
      if constexpr (Rethrow) throw;
      else exc = std::current_exception();
    }
  };
  using H = std::coroutine_handle<promise_type>;
  H h;
  explicit Task(H x) : h(x) {}
  Task(Task &&o) noexcept : h(std::exchange(o.h, {})) {}
  ~Task() { if (h) h.destroy(); }
  static unsigned take(H h) {
    promise_type &p = h.promise();
    if (p.exc) { std::exception_ptr e = p.exc; p.exc = nullptr; std::rethrow_exception(e); }
    return p.value;
  }
  void start() {
    if (!h.promise().started) { h.promise().started = true; h.resume(); }
  }
  bool done() const { return h.done(); }
  unsigned result() { return take(h); }
  struct Sym {
    H h;
    bool await_ready() { return h.done(); }
    std::coroutine_handle<> await_suspend(std::coroutine_handle<> c) {
      h.promise().cont = c;
      if (!h.promise().started) { h.promise().started = true; return h; }
      return std::noop_coroutine();
    }
    unsigned await_resume() { return take(h); }
  };
  struct Bool {
    H h;
    bool await_ready() { return h.done(); }
    bool await_suspend(std::coroutine_handle<> c) {
      promise_type &p = h.promise();
      if (!p.started) {
        p.started = true;
        p.cont = {};
        h.resume();
        if (h.done()) return false;
      }
      p.cont = c;
      return true;
    }
    unsigned await_resume() { return take(h); }
  };
  struct Void {
    H h;
    bool await_ready() { return h.done(); }
    void await_suspend(std::coroutine_handle<> c) {
      promise_type &p = h.promise();
      if (!p.started) {
        p.started = true;
        p.cont = {};
        h.resume();
        if (h.done()) { sched_push(c); return; }
      }
      p.cont = c;
    }
    unsigned await_resume() { return take(h); }
  };
  Sym sym() { return Sym{h}; }
  Bool via_bool() { return Bool{h}; }
  Void via_void() { return Void{h}; }
};
template <bool Rethrow, int A> struct Gen {
  struct promise_type : NewBase<A> {
    unsigned cur = 0;
    std::exception_ptr exc;
    Gen get_return_object() {
      return Gen{std::coroutine_handle<promise_type>::from_promise(*this)};
    }
    std::suspend_always initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }
    std::suspend_always yield_value(unsigned v) noexcept { cur = v; return {}; }
    void return_void() {}
    void unhandled_exception() {
      if constexpr (Rethrow) throw;
      else exc = std::current_exception();
    }
  };
  using H = std::coroutine_handle<promise_type>;
  H h;
  explicit Gen(H x) : h(x) {}
  Gen(Gen &&o) noexcept : h(std::exchange(o.h, {})) {}
  ~Gen() { if (h) h.destroy(); }
  bool next() {
    if (!h || h.done()) return false;
    h.resume();
    if (h.done()) {
      if (h.promise().exc) {
        std::exception_ptr e = h.promise().exc;
        h.promise().exc = nullptr;
        std::rethrow_exception(e);
      }
      return false;
    }
    return true;
  }
  unsigned value() const { return h.promise().cur; }
};

Task<false, false, 0> t0();
Task<true, false, 0> t4(unsigned a0);
Task<true, true, 2> t5(unsigned a0);

Task<false, false, 0> t0() {
  unsigned acc = 17u;
  auto task64 = t4((3u + acc));
  co_return acc;
}

Task<true, false, 0> t4(unsigned a0) {
  unsigned acc = 31693u;
  acc += a0;
  acc += co_await t5((2147483647u / (acc | 1u))).via_bool();
  co_return acc;
}

__attribute__((noinline)) Task<true, true, 2> t5(unsigned a0) {
  unsigned acc = 39612u;
  acc += a0;
  acc = ((a0 >> 23u) * (acc >> 20u));
  unsigned v1 = ((2u ^ 3u) / (a0 | 1u));
  {
    Guard guard20{107u};
    acc += co_await YBool{(v1 + acc)};
    unsigned big21[128];
    for (unsigned i22 = 0; i22 < 128u; ++i22) big21[i22] = mix(i22, acc);
    trace(106u, mix(big21[(v1) % 128u], acc));
  }
  alignas(64) unsigned al23[16];
  for (unsigned i24 = 0; i24 < 16u; ++i24) al23[i24] = i24 + mix(a0, a0);
  acc += is_aligned(al23, 64u);
  acc += co_await YVoid{mix(acc, a0)};
  co_return acc;
}

int main() {
  unsigned acc = 0u;
  try {
    auto r = t0();
    r.start();
  } catch (const Exc &e) {
  }
  drain();
  std::printf("end %u live %ld allocs %ld bytes %ld lines %u\n", g_ck, g_live, g_allocs, g_bytes, g_lines);
  return (int)(g_ck % 7u);
}
