// The runtime every program of gen_cpp.py starts with: tracing into a
// checksum, RAII and non-trivial types, published addresses, the scheduler,
// and the coroutine types (Task, Gen, Fire) with their promises.
// gen_cpp.py copies it into each program it makes; a saved reproducer in
// regressions/ includes it instead (`#include "../cpp_prelude.h"`), and
// run_diff.py puts it back in place before compiling (no include path
// needed). Changing it changes every program: rerun the difffuzz tests.
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
// handoff: await_suspend resumes the coroutine itself before returning.
// hand() resumes it inline (at most 32 deep, then through the scheduler),
// catching what a continuation resumed on the way lets out; nothing reads
// the awaiter (in the frame, maybe freed by now) after it.
static unsigned g_hdepth = 0;
void hand(std::coroutine_handle<> h) noexcept {
  if (g_hdepth >= 32u) { sched_push(h); return; }
  ++g_hdepth;
  try { h.resume(); } catch (const Exc &e) { trace(8006u, e.v); }
  --g_hdepth;
}
// A coroutine of its own to transfer to after a handoff: it frees itself.
struct Side {
  struct promise_type {
    Side get_return_object() {
      return Side{std::coroutine_handle<promise_type>::from_promise(*this)};
    }
    std::suspend_always initial_suspend() noexcept { return {}; }
    std::suspend_never final_suspend() noexcept { return {}; }
    void return_void() {}
    void unhandled_exception() { std::terminate(); }
  };
  std::coroutine_handle<promise_type> h;
};
Side side(unsigned k) {
  trace(8007u, mix(k, 7u));
  co_return;
}
struct HVoid {
  unsigned v;
  bool await_ready() const noexcept { return false; }
  void await_suspend(std::coroutine_handle<> h) { hand(h); }
  unsigned await_resume() const noexcept { return v * 5u + 1u; }
};
struct HBool {  // no suspension (false) without handing away, else true after
  unsigned v;
  bool await_ready() const noexcept { return false; }
  bool await_suspend(std::coroutine_handle<> h) {
    if (v % 3u == 1u) return false;
    hand(h);
    return true;
  }
  unsigned await_resume() const noexcept { return v + 29u; }
};
struct HSym {  // hands away, then transfers to nothing or to a fresh coroutine
  unsigned v;
  bool await_ready() const noexcept { return false; }
  std::coroutine_handle<> await_suspend(std::coroutine_handle<> h) {
    unsigned k = v;
    hand(h);
    if (k % 2u == 0u) return std::noop_coroutine();
    return side(k).h;
  }
  unsigned await_resume() const noexcept { return v ^ 0x3cu; }
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
// Fire and forget: final_suspend never suspends, so the frame frees itself
// at the end. Start: 0 suspend_always (go() resumes it), 1 suspend_never,
// 2 the ramp hands itself away (hand()), 3 the scheduler starts it.
template <int S, int A> struct Fire {
  struct promise_type : NewBase<A> {
    ~promise_type() {
      sched_remove(std::coroutine_handle<promise_type>::from_promise(*this).address());
    }
    Fire get_return_object() {
      return Fire{std::coroutine_handle<promise_type>::from_promise(*this)};
    }
    struct Start {
      bool await_ready() noexcept { return false; }
      void await_suspend(std::coroutine_handle<> h) noexcept {
        if constexpr (S == 2) hand(h);
        else sched_push(h);
      }
      void await_resume() noexcept {}
    };
    auto initial_suspend() noexcept {
      if constexpr (S == 0) return std::suspend_always{};
      else if constexpr (S == 1) return std::suspend_never{};
      else return Start{};
    }
    std::suspend_never final_suspend() noexcept { return {}; }
    void return_void() {}
    void unhandled_exception() {
      try { throw; } catch (const Exc &e) { trace(8008u, e.v); }
    }
  };
  std::coroutine_handle<promise_type> h;  // dangling once it may have run
  void go() { if constexpr (S == 0) h.resume(); }
};
