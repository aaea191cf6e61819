#include "sharelint_system.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#if defined(__linux__) || defined(__APPLE__)
#include <sys/types.h>
#include <sys/xattr.h>
#endif

#if defined(__APPLE__)
#define LIST(fd, buf, size) flistxattr(fd, buf, size, XATTR_NOFOLLOW)
#define GET(fd, name, buf, size) fgetxattr(fd, name, buf, size, 0, XATTR_NOFOLLOW)
#define SET(fd, name, buf, size) fsetxattr(fd, name, buf, size, 0, XATTR_NOFOLLOW)
#elif defined(__linux__)
#define LIST(fd, buf, size) flistxattr(fd, buf, size)
#define GET(fd, name, buf, size) fgetxattr(fd, name, buf, size)
#define SET(fd, name, buf, size) fsetxattr(fd, name, buf, size, 0)
#endif

/// Whether an attribute the system would not let us set is the system's own, which it
/// keeps on the file by itself (Linux's security.* and system.* labels, macOS's com.apple.*
/// provenance and quarantine): not a reason to refuse the write.
static int is_left_to_the_system(const char *name, int error) {
    if (error != EPERM && error != EACCES && error != ENOTSUP) return 0;
    return strncmp(name, "security.", 9) == 0 || strncmp(name, "system.", 7) == 0 || strncmp(name, "com.apple.", 10) == 0;
}

static int failing(const char *name, char *failed, unsigned long failed_size, int error) {
    if (failed && failed_size > 0) {
        strncpy(failed, name, failed_size - 1);
        failed[failed_size - 1] = 0;
    }
    return error;
}

int sharelint_copy_xattrs(int from, int to, char *failed, unsigned long failed_size) {
    if (failed && failed_size > 0) failed[0] = 0;
#if defined(__linux__) || defined(__APPLE__)
    ssize_t size = LIST(from, NULL, 0);
    if (size < 0) return (errno == ENOTSUP || errno == ENOSYS) ? 0 : errno;
    if (size == 0) return 0;
    char *names = malloc((size_t)size);
    if (!names) return ENOMEM;
    size = LIST(from, names, (size_t)size);
    if (size < 0) {
        int error = errno;
        free(names);
        return error;
    }
    int result = 0;
    for (char *name = names; name < names + size && result == 0; name += strlen(name) + 1) {
        ssize_t length = GET(from, name, NULL, 0);
        if (length < 0) {
            result = failing(name, failed, failed_size, errno);
            break;
        }
        char *value = malloc(length > 0 ? (size_t)length : 1);
        if (!value) {
            result = ENOMEM;
            break;
        }
        length = GET(from, name, value, (size_t)length);
        if (length < 0) {
            result = failing(name, failed, failed_size, errno);
        } else if (SET(to, name, value, (size_t)length) != 0 && !is_left_to_the_system(name, errno)) {
            result = failing(name, failed, failed_size, errno);
        }
        free(value);
    }
    free(names);
    return result;
#else
    (void)from;
    (void)to;
    return 0;
#endif
}
