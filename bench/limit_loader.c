/*
 * limit_loader: the floor that realm-import and the store are measured against.
 *
 * It loads bench/gen_people.py's NDJSON into normalized SQLite tables doing only what such a
 * load cannot avoid, with the same libraries the project uses:
 *
 *   - jansson parses each line into a tree (json_loadb);
 *   - prepared sqlite3 statements, bound and stepped, insert the rows, all inside one
 *     transaction in a WAL database with synchronous=NORMAL, left un-checkpointed at the end;
 *   - Dogs are upserted by their uuid primary key (INSERT ... ON CONFLICT DO UPDATE
 *     ... RETURNING), and an upserted Dog's toys are replaced.
 *
 * It checks nothing: no types, no required values, no duplicate keys, no map-key encoding.
 * A document of another shape gives wrong rows or a crash, not a message. That is the point:
 * whatever an importer does beyond this is the price of validation and error reporting.
 *
 * Tables (the export benchmark dumps them with `sqlite3 -json`):
 *   person(_key, _id, name, email, age, score, rating, active, balance, birthdate, avatar,
 *          street, city, zip)         the embedded Address is flattened into its owner's row
 *   person_tags(owner, value)         the set, one row per element
 *   person_attributes(owner, key, value)
 *   dog(_key, _id, name, breed, age)
 *   dog_toys(owner, idx, brand, price)   embedded list, in order
 *   person_dogs(owner, idx, target)      list of links, in order
 *
 * Build: cc -O2 -o limit_loader bench/limit_loader.c -ljansson -lsqlite3
 * Run:   limit_loader OUT.sqlite < people.ndjson      (prints the number of people on stderr)
 */
#include <jansson.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

static sqlite3 *db;

static void fail(const char *what) {
    fprintf(stderr, "limit_loader: %s: %s\n", what, sqlite3_errmsg(db));
    exit(1);
}

static sqlite3_stmt *prepare(const char *sql) {
    sqlite3_stmt *statement = NULL;
    if (sqlite3_prepare_v2(db, sql, -1, &statement, NULL) != SQLITE_OK) fail(sql);
    return statement;
}

/* Runs a statement that returns no rows and makes it ready for the next bindings. */
static void run(sqlite3_stmt *statement) {
    if (sqlite3_step(statement) != SQLITE_DONE) fail(sqlite3_sql(statement));
    sqlite3_reset(statement);
}

/* ---- Extended JSON values ------------------------------------------------------------ */

/* The string inside a one-key wrapper such as {"$numberInt": "42"}. */
static const char *wrapped_string(const json_t *value, const char *key) {
    return json_string_value(json_object_get(value, key));
}

/* An integer, written as a plain JSON number (relaxed) or wrapped in `key` (canonical). */
static long long integer_value(const json_t *value, const char *key) {
    if (json_is_integer(value)) return json_integer_value(value);
    return strtoll(wrapped_string(value, key), NULL, 10);
}

/* A double, plain or as {"$numberDouble": "..."}. */
static double double_value(const json_t *value) {
    if (json_is_number(value)) return json_number_value(value);
    return strtod(wrapped_string(value, "$numberDouble"), NULL);
}

/* Base64 digit values; 0xff marks a byte that is not a digit. Filled by main. */
static unsigned char base64_digit[256];

static void init_base64(void) {
    static const char digits[] =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    memset(base64_digit, 0xff, sizeof base64_digit);
    for (int i = 0; i < 64; i++) base64_digit[(unsigned char)digits[i]] = (unsigned char)i;
}

/* Decodes base64 text into `out` (room for 3/4 of the text's length), stopping at '=' or at
 * the end; returns the number of bytes written. */
static size_t decode_base64(const char *text, unsigned char *out) {
    size_t length = 0;
    unsigned int bits = 0, pending = 0;
    for (; *text && *text != '='; text++) {
        bits = (bits << 6) | base64_digit[(unsigned char)*text];
        pending += 6;
        if (pending >= 8) {
            pending -= 8;
            out[length++] = (unsigned char)(bits >> pending);
        }
    }
    return length;
}

/* Binds {"$binary": {"base64": "...", "subType": "..."}} as a blob (the subtype is ignored). */
static void bind_binary(sqlite3_stmt *statement, int index, const json_t *value) {
    const char *text = json_string_value(json_object_get(json_object_get(value, "$binary"), "base64"));
    size_t room = strlen(text) / 4 * 3 + 3;
    unsigned char small[256];
    unsigned char *bytes = room <= sizeof small ? small : malloc(room);
    size_t length = decode_base64(text, bytes);
    sqlite3_bind_blob(statement, index, bytes, (int)length, SQLITE_TRANSIENT);
    if (bytes != small) free(bytes);
}

static int hex_digit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    return c - 'A' + 10;
}

/* Binds {"$oid": "<24 hex digits>"} as a 12-byte blob. */
static void bind_object_id(sqlite3_stmt *statement, int index, const json_t *value) {
    const char *hex = wrapped_string(value, "$oid");
    unsigned char bytes[12];
    for (int i = 0; i < 12; i++) bytes[i] = (unsigned char)(hex_digit(hex[2 * i]) << 4 | hex_digit(hex[2 * i + 1]));
    sqlite3_bind_blob(statement, index, bytes, 12, SQLITE_TRANSIENT);
}

/* Binds a string, or NULL for a JSON null or a missing member. */
static void bind_string(sqlite3_stmt *statement, int index, const json_t *value) {
    if (json_is_string(value))
        sqlite3_bind_text(statement, index, json_string_value(value), (int)json_string_length(value), SQLITE_TRANSIENT);
    else
        sqlite3_bind_null(statement, index);
}

/* ---- The load ------------------------------------------------------------------------ */

static const char *const create_tables =
    "PRAGMA journal_mode = WAL;"
    "PRAGMA synchronous = NORMAL;"
    "CREATE TABLE person(_key INTEGER PRIMARY KEY, _id BLOB UNIQUE, name TEXT, email TEXT,"
    "  age INTEGER, score REAL, rating REAL, active INTEGER, balance TEXT, birthdate INTEGER,"
    "  avatar BLOB, street TEXT, city TEXT, zip TEXT);"
    "CREATE TABLE person_tags(owner INTEGER, value TEXT, UNIQUE(owner, value));"
    "CREATE TABLE person_attributes(owner INTEGER, key TEXT, value TEXT, PRIMARY KEY(owner, key));"
    "CREATE TABLE dog(_key INTEGER PRIMARY KEY, _id BLOB UNIQUE, name TEXT, breed TEXT, age INTEGER);"
    "CREATE TABLE dog_toys(owner INTEGER, idx INTEGER, brand TEXT, price REAL);"
    "CREATE INDEX dog_toys_by_owner ON dog_toys(owner);"
    "CREATE TABLE person_dogs(owner INTEGER, idx INTEGER, target INTEGER);";

/* One prepared statement per kind of row, made once and reused for every document. */
static struct {
    sqlite3_stmt *person, *tag, *attribute, *dog, *clear_toys, *toy, *dog_link;
} sql;

static void prepare_statements(void) {
    sql.person = prepare("INSERT INTO person(_id, name, email, age, score, rating, active, balance,"
                         " birthdate, avatar, street, city, zip) VALUES(?,?,?,?,?,?,?,?,?,?,?,?,?)");
    sql.tag = prepare("INSERT INTO person_tags(owner, value) VALUES(?, ?)");
    sql.attribute = prepare("INSERT INTO person_attributes(owner, key, value) VALUES(?, ?, ?)");
    sql.dog = prepare("INSERT INTO dog(_id, name, breed, age) VALUES(?, ?, ?, ?)"
                      " ON CONFLICT(_id) DO UPDATE SET name = excluded.name, breed = excluded.breed,"
                      " age = excluded.age RETURNING _key");
    sql.clear_toys = prepare("DELETE FROM dog_toys WHERE owner = ?");
    sql.toy = prepare("INSERT INTO dog_toys(owner, idx, brand, price) VALUES(?, ?, ?, ?)");
    sql.dog_link = prepare("INSERT INTO person_dogs(owner, idx, target) VALUES(?, ?, ?)");
}

/* Upserts one Dog with its toys; returns the dog row's key. */
static sqlite3_int64 load_dog(const json_t *dog) {
    sqlite3_stmt *s = sql.dog;
    bind_binary(s, 1, json_object_get(dog, "_id"));
    bind_string(s, 2, json_object_get(dog, "name"));
    bind_string(s, 3, json_object_get(dog, "breed"));
    sqlite3_bind_int64(s, 4, integer_value(json_object_get(dog, "age"), "$numberInt"));
    if (sqlite3_step(s) != SQLITE_ROW) fail("upsert dog");
    sqlite3_int64 key = sqlite3_column_int64(s, 0);
    sqlite3_reset(s);

    /* The Dog may have been stored before: its list of toys is replaced, not appended to. */
    sqlite3_bind_int64(sql.clear_toys, 1, key);
    run(sql.clear_toys);
    size_t index;
    json_t *toy;
    json_array_foreach(json_object_get(dog, "toys"), index, toy) {
        sqlite3_bind_int64(sql.toy, 1, key);
        sqlite3_bind_int64(sql.toy, 2, (sqlite3_int64)index);
        bind_string(sql.toy, 3, json_object_get(toy, "brand"));
        sqlite3_bind_double(sql.toy, 4, double_value(json_object_get(toy, "price")));
        run(sql.toy);
    }
    return key;
}

/* Inserts one Person document and everything it holds. */
static void load_person(const json_t *person) {
    sqlite3_stmt *s = sql.person;
    bind_object_id(s, 1, json_object_get(person, "_id"));
    bind_string(s, 2, json_object_get(person, "name"));
    bind_string(s, 3, json_object_get(person, "email"));
    sqlite3_bind_int64(s, 4, integer_value(json_object_get(person, "age"), "$numberInt"));
    sqlite3_bind_double(s, 5, double_value(json_object_get(person, "score")));
    const json_t *rating = json_object_get(person, "rating");
    if (json_is_null(rating)) sqlite3_bind_null(s, 6); else sqlite3_bind_double(s, 6, double_value(rating));
    sqlite3_bind_int(s, 7, json_is_true(json_object_get(person, "active")));
    /* decimal128 is kept as its text: converting it is the importer's business. */
    bind_string(s, 8, json_object_get(json_object_get(person, "balance"), "$numberDecimal"));
    const json_t *date = json_object_get(json_object_get(person, "birthdate"), "$date");
    sqlite3_bind_int64(s, 9, integer_value(date, "$numberLong"));
    const json_t *avatar = json_object_get(person, "avatar");
    if (json_is_null(avatar)) sqlite3_bind_null(s, 10); else bind_binary(s, 10, avatar);
    const json_t *address = json_object_get(person, "address");
    bind_string(s, 11, json_object_get(address, "street"));
    bind_string(s, 12, json_object_get(address, "city"));
    bind_string(s, 13, json_object_get(address, "zip"));
    run(s);
    sqlite3_int64 owner = sqlite3_last_insert_rowid(db);

    size_t index;
    json_t *element;
    json_array_foreach(json_object_get(person, "tags"), index, element) {
        sqlite3_bind_int64(sql.tag, 1, owner);
        bind_string(sql.tag, 2, element);
        run(sql.tag);
    }
    const char *key;
    json_object_foreach((json_t *)json_object_get(person, "attributes"), key, element) {
        sqlite3_bind_int64(sql.attribute, 1, owner);
        sqlite3_bind_text(sql.attribute, 2, key, -1, SQLITE_TRANSIENT);
        bind_string(sql.attribute, 3, element);
        run(sql.attribute);
    }
    json_array_foreach(json_object_get(person, "dogs"), index, element) {
        sqlite3_int64 dog = load_dog(element);
        sqlite3_bind_int64(sql.dog_link, 1, owner);
        sqlite3_bind_int64(sql.dog_link, 2, (sqlite3_int64)index);
        sqlite3_bind_int64(sql.dog_link, 3, dog);
        run(sql.dog_link);
    }
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: limit_loader OUT.sqlite < people.ndjson\n");
        return 2;
    }
    if (sqlite3_open(argv[1], &db) != SQLITE_OK) fail(argv[1]);
    /* The load ends at the commit: closing leaves the WAL as it is (readers see the rows),
     * rather than copying every page into the database file first. */
    sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, (int *)NULL);
    init_base64();
    if (sqlite3_exec(db, create_tables, NULL, NULL, NULL) != SQLITE_OK) fail("create tables");
    prepare_statements();
    if (sqlite3_exec(db, "BEGIN", NULL, NULL, NULL) != SQLITE_OK) fail("begin");

    char *line = NULL;
    size_t capacity = 0;
    ssize_t length;
    long people = 0;
    while ((length = getline(&line, &capacity, stdin)) > 0) {
        json_error_t error;
        json_t *person = json_loadb(line, (size_t)length, 0, &error);
        if (!person) {
            fprintf(stderr, "limit_loader: line %ld: %s\n", people + 1, error.text);
            return 1;
        }
        load_person(person);
        json_decref(person);
        people++;
    }
    free(line);

    if (sqlite3_exec(db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK) fail("commit");
    sqlite3_stmt *statements[] = {sql.person, sql.tag, sql.attribute, sql.dog, sql.clear_toys, sql.toy, sql.dog_link};
    for (size_t i = 0; i < sizeof statements / sizeof *statements; i++) sqlite3_finalize(statements[i]);
    sqlite3_close(db);
    fprintf(stderr, "%ld people\n", people);
    return 0;
}
