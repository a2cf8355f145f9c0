// Nested coroutines: a generator of generators, a generator that drives inner
// generators, recursive generators (tree walk) and destroying an outer
// generator while an inner one is alive.
#include <coroutine>
#include <cstdio>
#include <exception>
#include <utility>

template <typename T>
class Gen {
public:
  struct promise_type {
    T *value = nullptr;
    T storage{};
    Gen get_return_object() {
      return Gen{std::coroutine_handle<promise_type>::from_promise(*this)};
    }
    std::suspend_always initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }
    std::suspend_always yield_value(T &&v) {
      storage = std::move(v);
      value = &storage;
      return {};
    }
    std::suspend_always yield_value(const T &v) {
      storage = v;
      value = &storage;
      return {};
    }
    void return_void() noexcept {}
    void unhandled_exception() { std::terminate(); }
  };
  Gen() = default;
  explicit Gen(std::coroutine_handle<promise_type> h) : h_(h) {}
  Gen(Gen &&o) noexcept : h_(std::exchange(o.h_, {})) {}
  Gen &operator=(Gen &&o) noexcept {
    if (this != &o) {
      if (h_)
        h_.destroy();
      h_ = std::exchange(o.h_, {});
    }
    return *this;
  }
  ~Gen() {
    if (h_)
      h_.destroy();
  }
  bool next() {
    h_.resume();
    return !h_.done();
  }
  T &get() { return *h_.promise().value; }

private:
  std::coroutine_handle<promise_type> h_;
};

struct Tracer {
  int id;
  ~Tracer() { std::printf("  inner %d frame gone\n", id); }
};

Gen<int> range(int id, int n) {
  Tracer t{id};
  for (int i = 0; i < n; ++i)
    co_yield id * 100 + i;
}

Gen<Gen<int>> ranges(int count) {
  for (int i = 1; i <= count; ++i)
    co_yield range(i, i);
}

Gen<int> flatten(int count) {
  Gen<Gen<int>> outer = ranges(count);
  while (outer.next()) {
    Gen<int> &inner = outer.get();
    while (inner.next())
      co_yield inner.get();
  }
}

struct Node {
  int value;
  const Node *left, *right;
};

Gen<int> inorder(const Node *n) {
  if (!n)
    co_return;
  Gen<int> l = inorder(n->left);
  while (l.next())
    co_yield l.get();
  co_yield n->value;
  Gen<int> r = inorder(n->right);
  while (r.next())
    co_yield r.get();
}

int main() {
  Gen<Gen<int>> gg = ranges(3);
  while (gg.next()) {
    std::printf("got inner generator\n");
    Gen<int> &in = gg.get();
    while (in.next())
      std::printf("  %d\n", in.get());
  }
  std::printf("flatten:");
  Gen<int> f = flatten(4);
  while (f.next())
    std::printf(" %d", f.get());
  std::printf("\n");

  const Node n1{1, nullptr, nullptr}, n3{3, nullptr, nullptr};
  const Node n2{2, &n1, &n3}, n5{5, nullptr, nullptr};
  const Node n6{6, &n5, nullptr}, root{4, &n2, &n6};
  std::printf("inorder:");
  Gen<int> t = inorder(&root);
  while (t.next())
    std::printf(" %d", t.get());
  std::printf("\n");

  std::printf("abandon flatten mid-way\n");
  {
    Gen<int> half = flatten(3);
    for (int i = 0; i < 3 && half.next(); ++i)
      std::printf(" took %d\n", half.get());
  }
  std::printf("end\n");
  return 0;
}
