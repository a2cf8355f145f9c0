// Destroy a coroutine at every possible suspend point (initial, each
// co_await, final) while RAII objects of different scopes are alive; every
// destructor prints, so the order and the set of destroyed objects is checked.
#include <coroutine>
#include <cstdio>
#include <exception>
#include <string>
#include <utility>

struct Noisy {
  std::string name;
  explicit Noisy(std::string n) : name(std::move(n)) {
    std::printf("    + %s\n", name.c_str());
  }
  Noisy(const Noisy &) = delete;
  ~Noisy() { std::printf("    - %s\n", name.c_str()); }
};

struct Handle {
  struct promise_type {
    Noisy *watch = nullptr;
    promise_type() { std::printf("    + promise\n"); }
    ~promise_type() { std::printf("    - promise\n"); }
    Handle get_return_object() {
      return Handle{std::coroutine_handle<promise_type>::from_promise(*this)};
    }
    std::suspend_always initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }
    void return_void() noexcept { std::printf("    return_void\n"); }
    void unhandled_exception() { std::terminate(); }
  };
  std::coroutine_handle<promise_type> h;
};

Handle body(Noisy &outside, int arg) {
  Noisy a("a");
  co_await std::suspend_always{}; // 1
  {
    Noisy b("b");
    co_await std::suspend_always{}; // 2
    if (arg > 0) {
      Noisy c("c");
      co_await std::suspend_always{}; // 3
    }
    co_await std::suspend_always{}; // 4
  }
  for (int i = 0; i < 2; ++i) {
    Noisy l("loop" + std::to_string(i));
    co_await std::suspend_always{}; // 5, 6
  }
  Noisy d("d");
  std::printf("    outside=%s arg=%d\n", outside.name.c_str(), arg);
  co_await std::suspend_always{}; // 7
}

int main() {
  Noisy outside("outside");
  // 0 resumes: destroyed at initial suspend; 8 resumes: destroyed at final.
  for (int stop = 0; stop <= 8; ++stop) {
    std::printf("stop after %d resumes\n", stop);
    Handle h = body(outside, 1);
    for (int i = 0; i < stop && !h.h.done(); ++i) {
      std::printf("   resume %d\n", i);
      h.h.resume();
    }
    std::printf("   done=%d, destroying\n", (int)h.h.done());
    h.h.destroy();
  }
  std::printf("path without c\n");
  Handle h = body(outside, 0);
  for (int i = 0; i < 3; ++i)
    h.h.resume();
  h.h.destroy();
  return 0;
}
