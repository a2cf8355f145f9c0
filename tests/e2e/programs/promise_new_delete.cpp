// Custom promise operator new / operator delete (sized and with the
// coroutine's parameters forwarded to operator new). Only the fact that they
// are called is printed: frame sizes differ between lowerings. The ramps are
// noinline so that heap allocation elision (which only the native build can
// do) does not remove allocations.
#include <coroutine>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <new>
#include <utility>

static int news = 0, deletes = 0;
static bool size_ok = true;

struct Arena {
  const char *name;
  int allocations = 0;
};

struct Task {
  struct promise_type {
    static void *operator new(std::size_t n) {
      ++news;
      if (n == 0)
        size_ok = false;
      std::printf("  promise operator new called\n");
      return std::malloc(n);
    }
    static void operator delete(void *p, std::size_t n) {
      ++deletes;
      if (n == 0)
        size_ok = false;
      std::printf("  promise operator delete called\n");
      std::free(p);
    }
    Task get_return_object() {
      return Task{std::coroutine_handle<promise_type>::from_promise(*this)};
    }
    std::suspend_always initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }
    void return_void() noexcept {}
    void unhandled_exception() { std::terminate(); }
  };
  std::coroutine_handle<promise_type> h;
  explicit Task(std::coroutine_handle<promise_type> h) : h(h) {}
  Task(Task &&o) noexcept : h(std::exchange(o.h, {})) {}
  ~Task() {
    if (h)
      h.destroy();
  }
};

// A promise whose operator new receives the coroutine's arguments.
struct ArenaTask {
  struct promise_type {
    static void *operator new(std::size_t n, Arena &a, int) {
      a.allocations++;
      std::printf("  arena operator new from %s\n", a.name);
      return ::operator new(n);
    }
    static void operator delete(void *p) {
      std::printf("  arena operator delete\n");
      ::operator delete(p);
    }
    ArenaTask get_return_object() {
      return ArenaTask{std::coroutine_handle<promise_type>::from_promise(*this)};
    }
    std::suspend_always initial_suspend() noexcept { return {}; }
    std::suspend_never final_suspend() noexcept { return {}; }
    void return_void() noexcept {}
    void unhandled_exception() { std::terminate(); }
  };
  std::coroutine_handle<promise_type> h;
  explicit ArenaTask(std::coroutine_handle<promise_type> h) : h(h) {}
};

[[gnu::noinline]] Task work(int x) {
  int y = x * 2;
  co_await std::suspend_always{};
  std::printf("  work %d\n", y);
}

[[gnu::noinline]] ArenaTask arena_work(Arena &a, int x) {
  co_await std::suspend_always{};
  std::printf("  arena_work %d (allocations so far %d)\n", x, a.allocations);
}

int main() {
  {
    Task t = work(21);
    t.h.resume();
    t.h.resume();
    std::printf("done=%d\n", (int)t.h.done());
  }
  {
    Task t = work(1); // destroyed without running
  }
  Arena arena{"arena-1"};
  ArenaTask a = arena_work(arena, 3);
  ArenaTask b = arena_work(arena, 4);
  a.h.resume();
  a.h.resume(); // runs to completion, final_suspend never: frees itself
  b.h.resume();
  b.h.resume();
  std::printf("news=%d deletes=%d size_ok=%d arena=%d\n", news, deletes,
              (int)size_ok, arena.allocations);
  return 0;
}
