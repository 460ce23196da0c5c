/* SPDX-License-Identifier: GPL-2.0 */
/*
 * findings.h - what the parts of the findings tool share
 */
#ifndef FINDINGS_H
#define FINDINGS_H
#include <stddef.h>

#define FN_LEN	128

void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);

/* title.c */
int frames_load(const char *path);
const char *strip_console(const char *line);
int frame_skipped(const char *fn);
int frame_of(const char *text, char *out, size_t len);
void report_title(char **lines, int n, char *out, size_t len);

#endif
