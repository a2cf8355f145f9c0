/* Frame reports as text (for people) and JSON (for tools and benchmarks). */
#include <stdlib.h>

#include "result/result.h"
#include "result/strbuf.h"

const char *crl_result_report_text(crl_result *r) {
  if (!r) return "";
  free(r->text_report);
  crl_strbuf b = {0};
  for (size_t i = 0; i < r->num_frames; i++) {
    const crl_frame_report *f = &r->frames[i];
    crl_sb_printf(&b, "frame %s: abi=%s size=%llu align=%u suspends=%u",
                  f->function, crl_abi_name(f->abi),
                  (unsigned long long)f->size, f->align, f->num_suspends);
    if (f->container)
      crl_sb_printf(&b, " %s_offset=%llu %s_size=%llu", f->container,
                    (unsigned long long)f->container_offset, f->container,
                    (unsigned long long)f->container_size);
    /* Only ABIs that choose where the frame lives say so. */
    if (f->storage)
      crl_sb_printf(&b, " storage=%s buffer=%llu/%u",
                    crl_frame_storage_name(f->storage),
                    (unsigned long long)f->buffer_size, f->buffer_align);
    /* Said only where a transfer is not a tail call: elsewhere it always is. */
    if (f->num_plain_transfers)
      crl_sb_printf(&b, " plain_transfers=%u/%u (no guaranteed tail call: %s)",
                    f->num_plain_transfers, f->num_transfers, f->transfer_note);
    crl_sb_printf(&b, "\n");
    /* A field shows the IR value it holds, which names it. */
    for (uint32_t k = 0; k < f->num_fields; k++) {
      const crl_frame_field *fd = &f->fields[k];
      crl_sb_printf(&b, "  [%4llu, +%llu) align %-3u %-7s %s",
                    (unsigned long long)fd->offset,
                    (unsigned long long)fd->size, fd->align,
                    crl_field_kind_name(fd->kind),
                    fd->value ? fd->value : fd->name ? fd->name : "");
      crl_sb_printf(&b, "%s\n", fd->in_slack ? "  (in the realignment slack)" : "");
    }
  }
  r->text_report = crl_sb_take(&b);
  return r->text_report ? r->text_report : "";
}

const char *crl_result_report_json(crl_result *r) {
  if (!r) return "{}";
  free(r->json_report);
  crl_strbuf b = {0};
  crl_sb_printf(&b, "{\"frames\": [");
  for (size_t i = 0; i < r->num_frames; i++) {
    const crl_frame_report *f = &r->frames[i];
    crl_sb_printf(&b, "%s\n  {\"function\": ", i ? "," : "");
    crl_sb_json_string(&b, f->function);
    crl_sb_printf(&b,
                  ", \"abi\": \"%s\", \"size\": %llu, \"align\": %u, "
                  "\"suspends\": %u, ",
                  crl_abi_name(f->abi), (unsigned long long)f->size, f->align,
                  f->num_suspends);
    if (f->container)
      crl_sb_printf(&b, "\"%s_offset\": %llu, \"%s_size\": %llu, ", f->container,
                    (unsigned long long)f->container_offset, f->container,
                    (unsigned long long)f->container_size);
    if (f->storage)
      crl_sb_printf(&b,
                    "\"storage\": \"%s\", \"buffer_size\": %llu, "
                    "\"buffer_align\": %u, ",
                    crl_frame_storage_name(f->storage),
                    (unsigned long long)f->buffer_size, f->buffer_align);
    if (f->num_plain_transfers) {
      crl_sb_printf(&b, "\"transfers\": %u, \"plain_transfers\": %u, \"transfer_note\": ",
                    f->num_transfers, f->num_plain_transfers);
      crl_sb_json_string(&b, f->transfer_note);
      crl_sb_printf(&b, ", ");
    }
    crl_sb_printf(&b, "\"fields\": [");
    for (uint32_t k = 0; k < f->num_fields; k++) {
      const crl_frame_field *fd = &f->fields[k];
      crl_sb_printf(&b, "%s\n    {\"name\": ", k ? "," : "");
      crl_sb_json_string(&b, fd->name);
      crl_sb_printf(&b,
                    ", \"kind\": \"%s\", \"offset\": %llu, \"size\": %llu, "
                    "\"align\": %u, \"value\": ",
                    crl_field_kind_name(fd->kind),
                    (unsigned long long)fd->offset,
                    (unsigned long long)fd->size, fd->align);
      crl_sb_json_string(&b, fd->value);
      crl_sb_printf(&b, fd->in_slack ? ", \"in_slack\": true}" : "}");
    }
    crl_sb_printf(&b, "]}");
  }
  crl_sb_printf(&b, "\n]}\n");
  r->json_report = crl_sb_take(&b);
  return r->json_report ? r->json_report : "{}";
}
