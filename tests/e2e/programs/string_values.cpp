// Standard library objects with non-trivial destructors live across
// suspends: std::string (short and heap), std::vector, std::map,
// std::unique_ptr, std::function; destroyed both at completion and early.
#include <coroutine>
#include <cstdio>
#include <exception>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

struct Gen {
  struct promise_type {
    std::string value;
    Gen get_return_object() {
      return Gen{std::coroutine_handle<promise_type>::from_promise(*this)};
    }
    std::suspend_always initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }
    std::suspend_always yield_value(std::string v) {
      value = std::move(v);
      return {};
    }
    void return_void() noexcept {}
    void unhandled_exception() { std::terminate(); }
  };
  std::coroutine_handle<promise_type> h;
  explicit Gen(std::coroutine_handle<promise_type> h) : h(h) {}
  Gen(Gen &&o) noexcept : h(std::exchange(o.h, {})) {}
  ~Gen() {
    if (h)
      h.destroy();
  }
  bool next() {
    h.resume();
    return !h.done();
  }
};

struct Probe {
  std::string tag;
  ~Probe() { std::printf("  ~Probe(%s)\n", tag.c_str()); }
};

Gen words(std::string sentence) {
  Probe p{"words"};
  std::vector<std::string> parts;
  std::string cur;
  for (char ch : sentence) {
    if (ch == ' ') {
      parts.push_back(cur);
      co_yield "word:" + cur;
      cur.clear();
    } else {
      cur += ch;
    }
  }
  parts.push_back(cur);
  co_yield "word:" + cur;
  std::map<std::string, int> lengths;
  for (auto &w : parts)
    lengths[w] = (int)w.size();
  auto owned = std::make_unique<std::string>(std::string(40, '#'));
  std::function<std::string(int)> fmt = [&lengths](int n) {
    return "entries=" + std::to_string(lengths.size()) + " n=" + std::to_string(n);
  };
  co_yield fmt(1);
  for (auto &[k, v] : lengths) {
    co_yield k + "=" + std::to_string(v);
  }
  co_yield *owned;
  co_yield fmt(2);
}

int main() {
  {
    Gen g = words("the quick brown fox jumps over the lazy dog");
    while (g.next())
      std::printf("%s\n", g.h.promise().value.c_str());
  }
  std::printf("early destroy:\n");
  for (int stop = 1; stop < 14; stop += 4) {
    Gen g = words("a bb ccc a long-word-that-does-not-fit-in-sso");
    for (int i = 0; i < stop && g.next(); ++i)
      std::printf(" [%d] %s\n", stop, g.h.promise().value.c_str());
  }
  return 0;
}
