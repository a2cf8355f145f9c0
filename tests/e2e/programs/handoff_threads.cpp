// Coroutines handed to a pool of worker threads between their save and
// their suspend: a worker may resume one (even to its end, freeing its
// frame) before the function that suspended it has returned. Many tasks,
// many awaits each, values kept across every suspend; the totals are
// deterministic whatever the interleaving.
#include <atomic>
#include <condition_variable>
#include <coroutine>
#include <cstdio>
#include <deque>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

class Pool {
 public:
  explicit Pool(int n) {
    for (int i = 0; i < n; i++) workers_.emplace_back([this] { work(); });
  }
  ~Pool() {
    {
      std::lock_guard<std::mutex> g(m_);
      stop_ = true;
    }
    cv_.notify_all();
    for (auto &w : workers_) w.join();
  }
  void post(std::coroutine_handle<> h) {
    {
      std::lock_guard<std::mutex> g(m_);
      q_.push_back(h);
    }
    cv_.notify_one();
  }
  // co_await pool.schedule(): go on in a worker.
  struct Schedule {
    Pool *p;
    bool await_ready() noexcept { return false; }
    // Work after the handoff (here a yield) widens the window in which
    // a worker runs the coroutine before this thread returns.
    void await_suspend(std::coroutine_handle<> h) {
      p->post(h);
      std::this_thread::yield();
    }
    void await_resume() noexcept {}
  };
  Schedule schedule() { return {this}; }

 private:
  void work() {
    for (;;) {
      std::coroutine_handle<> h;
      {
        std::unique_lock<std::mutex> l(m_);
        cv_.wait(l, [this] { return stop_ || !q_.empty(); });
        if (q_.empty()) return;
        h = q_.front();
        q_.pop_front();
      }
      h.resume();
    }
  }
  std::mutex m_;
  std::condition_variable cv_;
  std::deque<std::coroutine_handle<>> q_;
  std::vector<std::thread> workers_;
  bool stop_ = false;
};

// Fire and forget: starts at once, frees itself at its end.
struct Detached {
  struct promise_type {
    Detached get_return_object() { return {}; }
    std::suspend_never initial_suspend() noexcept { return {}; }
    std::suspend_never final_suspend() noexcept { return {}; }
    void return_void() {}
    void unhandled_exception() { std::terminate(); }
  };
};

// A member coroutine: `this` is a value the coroutine keeps across its
// suspends, and uses again after each.
struct Jobs {
  Pool &pool;
  std::atomic<long> total{0};
  std::atomic<int> finished{0};
  Detached job(long id, int hops) {
    long acc = id;
    for (int i = 0; i < hops; i++) {
      co_await pool.schedule();
      acc = acc * 3 + i;
    }
    total += acc % 1000003;
    finished++;
  }
};

int main() {
  const int tasks = 2000, hops = 8;
  long want = 0;
  for (long id = 0; id < tasks; id++) {
    long acc = id;
    for (int i = 0; i < hops; i++) acc = acc * 3 + i;
    want += acc % 1000003;
  }
  // The race depends on timing: several rounds, each with a fresh pool.
  int bad = 0;
  for (int round = 0; round < 4; round++) {
    Pool pool(3);
    Jobs jobs{pool};
    for (long id = 0; id < tasks; id++) jobs.job(id, hops);
    while (jobs.finished.load() != tasks) std::this_thread::yield();
    long got = jobs.total.load();
    std::printf("round %d: %d tasks, total %s\n", round, tasks, got == want ? "right" : "WRONG");
    bad += got != want;
  }
  return bad;
}
