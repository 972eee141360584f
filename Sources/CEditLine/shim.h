/* Fixed-arity wrappers over libedit's variadic el_set/history calls, which Swift cannot call. */
#include <stdio.h>
#include <histedit.h>

typedef char *(*shim_prompt_fn)(EditLine *);
typedef unsigned char (*shim_el_fn)(EditLine *, int);

static inline int shim_el_set_prompt(EditLine *el, shim_prompt_fn f) { return el_set(el, EL_PROMPT, f); }
static inline int shim_el_set_editor(EditLine *el, const char *m) { return el_set(el, EL_EDITOR, m); }
static inline int shim_el_set_signal(EditLine *el, int on) { return el_set(el, EL_SIGNAL, on); }
/* Unbuffered: el_gets returns after each character (the line so far; a finished line ends in
   a newline). Turning it on draws the prompt; turning it off ends the line's editing. */
static inline int shim_el_set_unbuffered(EditLine *el, int on) { return el_set(el, EL_UNBUFFERED, on); }
static inline int shim_el_set_hist(EditLine *el, History *h) { return el_set(el, EL_HIST, history, h); }
static inline int shim_el_addfn(EditLine *el, const char *n, const char *help, shim_el_fn f) {
    return el_set(el, EL_ADDFN, n, help, f);
}
static inline int shim_el_bind(EditLine *el, const char *key, const char *fn) {
    return el_set(el, EL_BIND, key, fn, (const char *)NULL);
}
static inline int shim_el_source(EditLine *el) { return el_source(el, NULL); }
static inline int shim_hist_setsize(History *h, int n) { HistEvent ev; return history(h, &ev, H_SETSIZE, n); }
static inline int shim_hist_setunique(History *h, int u) { HistEvent ev; return history(h, &ev, H_SETUNIQUE, u); }
static inline int shim_hist_enter(History *h, const char *s) { HistEvent ev; return history(h, &ev, H_ENTER, s); }
static inline int shim_hist_load(History *h, const char *p) { HistEvent ev; return history(h, &ev, H_LOAD, p); }
static inline int shim_hist_save(History *h, const char *p) { HistEvent ev; return history(h, &ev, H_SAVE, p); }
/* Saves to an open stream, so the caller can check the flush and close that H_SAVE ignores. */
static inline int shim_hist_save_fp(History *h, FILE *fp) { HistEvent ev; return history(h, &ev, H_SAVE_FP, fp); }
static inline int shim_hist_clear(History *h) { HistEvent ev; return history(h, &ev, H_CLEAR); }
/* Walks the history oldest first: returns the entry's text, or NULL at the end. */
static inline const char *shim_hist_first_oldest(History *h) {
    HistEvent ev; return history(h, &ev, H_LAST) == -1 ? NULL : ev.str;
}
static inline const char *shim_hist_next_newer(History *h) {
    HistEvent ev; return history(h, &ev, H_PREV) == -1 ? NULL : ev.str;
}
static inline FILE *shim_stdin(void) { return stdin; }
static inline FILE *shim_stdout(void) { return stdout; }
static inline FILE *shim_stderr(void) { return stderr; }
