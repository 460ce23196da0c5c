/* SPDX-License-Identifier: GPL-2.0 */
#ifndef RECORDS_H
#define RECORDS_H
#include <jansson.h>

int sigs_load(const char *path);
int run_records(const char *dir, json_t *meta, json_t *out);
#endif
