# realm-tools: `make demo` shows the tool chain on the embedded example, `make test` runs everything.
SWIFT ?= swift
SWIFT_FLAGS ?= -Xswiftc -warnings-as-errors
DEMO_OUT ?= demo-out

.PHONY: all deps build test demo bench bench-quick fuzz clean

all: build

deps:
	@scripts/install-deps.sh

build: deps
	$(SWIFT) build $(SWIFT_FLAGS)

test: deps
	$(SWIFT) build --build-tests $(SWIFT_FLAGS)
	$(SWIFT) build --package-path Examples/PluginExample $(SWIFT_FLAGS)
	$(SWIFT) run --skip-build --package-path Examples/PluginExample PluginExample
	$(SWIFT) build --package-path Examples/CreateExamples $(SWIFT_FLAGS)
	$(SWIFT) run --skip-build --package-path Examples/CreateExamples CreateExamples
	$(SWIFT) build --package-path Examples/ObserveExamples $(SWIFT_FLAGS)
	$(SWIFT) run --skip-build --package-path Examples/ObserveExamples ResultsStream
	$(SWIFT) run --skip-build --package-path Examples/ObserveExamples WatchImport "$$($(SWIFT) build --show-bin-path)/realm-import" 200 3
	$(SWIFT) test --skip-build

demo: build
	@scripts/demo.sh "$(DEMO_OUT)"

bench: deps
	@scripts/install-deps.sh --bench
	@scripts/bench.sh

# Every benchmark section end to end on tiny inputs (bench-out/quick/BENCHMARKS.md; docs/ untouched).
bench-quick: deps
	@scripts/install-deps.sh --bench
	@BENCH_QUICK=1 scripts/bench.sh

# Fuzz every target for FUZZ_SECONDS each (default 180), keeping new corpus entries and crashes
# in Tests/Fixtures/fuzz (docs/fuzzing.md): `make fuzz FUZZ_SECONDS=1200`.
fuzz: deps
	@FUZZ_SECONDS="$(or $(FUZZ_SECONDS),180)" scripts/fuzz.sh

clean:
	rm -rf .build $(DEMO_OUT) bench-out
