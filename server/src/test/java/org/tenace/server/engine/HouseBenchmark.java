package org.tenace.server.engine;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The settings the server's throughput benchmarks share (docs/performance.md): operations a
 * second on one thread, 2 forks with a heap of 512 MB, 3 warm-up and 5 measured iterations of
 * 2 s, each thread its own state. A benchmark extends it and says only what it does otherwise
 * (ClaimBenchmark: the average time of one claim, one fork): JMH reads these from the
 * superclass, and an annotation of the benchmark's own wins (its sample 24, inheritance).
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 2, jvmArgsAppend = {"-Xms512m", "-Xmx512m"})
@Threads(1)
@State(Scope.Thread)
public abstract class HouseBenchmark {}
