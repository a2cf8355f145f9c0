// Parameters with non-trivial copy/move constructors and destructors (all
// print), by-value parameters copied into the frame, references, and a
// by-value trivially copyable struct used after suspends.
#include <coroutine>
#include <cstdio>
#include <exception>
#include <utility>

static int next_id = 1;

struct Tracked {
  int id;
  int payload;
  explicit Tracked(int p) : id(next_id++), payload(p) {
    std::printf("  Tracked#%d(%d)\n", id, payload);
  }
  Tracked(const Tracked &o) : id(next_id++), payload(o.payload) {
    std::printf("  Tracked#%d copy of #%d\n", id, o.id);
  }
  Tracked(Tracked &&o) noexcept : id(next_id++), payload(o.payload) {
    o.payload = -1;
    std::printf("  Tracked#%d move of #%d\n", id, o.id);
  }
  Tracked &operator=(const Tracked &) = delete;
  ~Tracked() { std::printf("  ~Tracked#%d(%d)\n", id, payload); }
};

struct Point3 {
  double x, y, z;
  int tag;
};

struct Big {
  long a[12];
  char name[24];
};

struct Lazy {
  struct promise_type {
    Lazy get_return_object() {
      return Lazy{std::coroutine_handle<promise_type>::from_promise(*this)};
    }
    std::suspend_always initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }
    void return_void() noexcept {}
    void unhandled_exception() { std::terminate(); }
  };
  std::coroutine_handle<promise_type> h;
  explicit Lazy(std::coroutine_handle<promise_type> h) : h(h) {}
  Lazy(Lazy &&o) noexcept : h(std::exchange(o.h, {})) {}
  ~Lazy() {
    if (h)
      h.destroy();
  }
  void run() {
    while (!h.done())
      h.resume();
  }
};

Lazy by_value(Tracked t, Point3 p, Big b, int k) {
  std::printf(" body start: t#%d=%d\n", t.id, t.payload);
  co_await std::suspend_always{};
  std::printf(" p=(%.1f,%.1f,%.1f) tag=%d k=%d\n", p.x, p.y, p.z, p.tag, k);
  p.x += k;
  co_await std::suspend_always{};
  long s = 0;
  for (long v : b.a)
    s += v;
  std::printf(" big sum=%ld name=%s p.x=%.1f t#%d=%d\n", s, b.name, p.x, t.id,
              t.payload);
}

Lazy by_ref(const Tracked &t, Tracked &&m) {
  co_await std::suspend_always{};
  std::printf(" ref t#%d=%d, rvalue-ref m#%d=%d\n", t.id, t.payload, m.id,
              m.payload);
}

Lazy sink(Tracked t) {
  Tracked local = std::move(t);
  co_await std::suspend_always{};
  std::printf(" sink local#%d=%d moved-from t#%d=%d\n", local.id, local.payload,
              t.id, t.payload);
}

int main() {
  std::printf("== by_value with lvalue\n");
  {
    Tracked t(5);
    Big b{};
    for (int i = 0; i < 12; ++i)
      b.a[i] = i * 3;
    std::snprintf(b.name, sizeof b.name, "big-struct");
    Lazy l = by_value(t, Point3{1.5, 2.5, 3.5, 9}, b, 4);
    std::printf(" created\n");
    b.a[0] = 1000; // the frame has its own copy
    l.run();
    std::printf(" ran\n");
  }
  std::printf("== by_value with prvalue\n");
  {
    Lazy l = by_value(Tracked(6), Point3{0, 0, 0, 1}, Big{}, 0);
    l.run();
  }
  std::printf("== by_ref\n");
  {
    Tracked a(7), b(8);
    Lazy l = by_ref(a, std::move(b));
    l.run();
  }
  std::printf("== sink, destroyed before running\n");
  {
    Lazy l = sink(Tracked(9));
  }
  std::printf("== sink, run\n");
  {
    Lazy l = sink(Tracked(10));
    l.run();
  }
  return 0;
}
