// Mesa's software renderer dereferences the reply of a geometry request that fails when the
// window was destroyed under it (another client closed it). If a segmentation fault comes
// while the watchdog learns that the window is gone (within 300 ms), the program ends as if the
// window had been closed (status 0); otherwise the previous handler (Swift's crash reporter)
// takes the fault as before. Only async-signal-safe calls in the handler.
#include "host_support.h"

#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

// Set by the watchdog's thread, read by the handler on the faulting thread: an atomic (lock-free,
// so async-signal-safe), where a `volatile sig_atomic_t` is only for a handler on one thread
// (ThreadSanitizer saw the race).
static atomic_int window_lost = 0;
static struct sigaction previous_action;
static volatile sig_atomic_t installed = 0;

static void handler(int sig, siginfo_t *info, void *context) {
    (void)sig;
    (void)info;
    (void)context;
    for (int i = 0; i < 30; i++) {
        if (atomic_load_explicit(&window_lost, memory_order_acquire)) {
            static const char message[] = "glayers: the window was closed by another program\n";
            (void)!write(2, message, sizeof message - 1);
            _exit(0);
        }
        struct timespec step = {0, 10 * 1000 * 1000};
        nanosleep(&step, NULL);
    }
    // Not the window: let the previous handler take the fault when the instruction runs again.
    sigaction(SIGSEGV, &previous_action, NULL);
}

void glayers_install_window_loss_guard(void) {
    if (installed) return;
    installed = 1;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = handler;
    action.sa_flags = SA_SIGINFO;
    sigemptyset(&action.sa_mask);
    sigaction(SIGSEGV, &action, &previous_action);
}

void glayers_set_window_lost(void) { atomic_store_explicit(&window_lost, 1, memory_order_release); }
