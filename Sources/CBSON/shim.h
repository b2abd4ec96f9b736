#include <bson/bson.h>
