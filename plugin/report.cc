// Frame reports kept per module until its pipeline ends. A compiler may run
// several modules' pipelines on threads at once (LTO backends), hence the
// lock around the table.
#include "plugin/report.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

#include <map>
#include <mutex>

#include "llvm/ADT/StringRef.h"

namespace corolower_plugin {
namespace {

std::mutex TableLock;
// Module -> its frames so far: the JSON objects of crl_result_report_json's
// "frames" array, joined by commas.
std::map<const llvm::Module *, std::string> Table;

// The objects inside `{"frames": [` ... `\n]}\n`, the one shape the
// library's JSON report has; empty for a result without frames.
llvm::StringRef frameObjects(llvm::StringRef json) {
  static const char head[] = "{\"frames\": [", tail[] = "\n]}\n";
  if (!json.consume_front(head) || !json.consume_back(tail)) return "";
  return json.ltrim('\n');
}

// Writes all of `text` to the end of `path` under an exclusive flock, with
// O_APPEND, so that concurrent appenders never interleave.
std::string appendLocked(const std::string &path, const std::string &text) {
  int fd = open(path.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0) return path + ": " + strerror(errno);
  std::string err;
  if (flock(fd, LOCK_EX) != 0) err = path + ": flock: " + strerror(errno);
  for (size_t done = 0; err.empty() && done < text.size();) {
    ssize_t n = write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) err = path + ": " + strerror(errno);
    else done += static_cast<size_t>(n);
  }
  if (close(fd) != 0 && err.empty()) err = path + ": " + strerror(errno);
  return err;
}

}  // namespace

void collectFrames(const llvm::Module &m, crl_result *result) {
  if (crl_result_num_frames(result) == 0) return;
  llvm::StringRef objects = frameObjects(crl_result_report_json(result));
  if (objects.empty()) return;
  std::lock_guard<std::mutex> hold(TableLock);
  std::string &all = Table[&m];
  if (!all.empty()) all += ",\n";
  all += objects.str();
}

std::string flushReport(const llvm::Module &m, const std::string &path) {
  std::string objects;
  {
    std::lock_guard<std::mutex> hold(TableLock);
    auto it = Table.find(&m);
    if (it == Table.end()) return "";
    objects.swap(it->second);
    Table.erase(it);
  }
  if (path.empty()) return "";
  return appendLocked(path, "{\"frames\": [\n" + objects + "\n]}\n");
}

}  // namespace corolower_plugin
