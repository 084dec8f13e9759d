# Sourced first by the bench scripts that run classes from the test sources (JMH and the solver's
# race against DDS): takes the script to the root of the tree, and says how it builds those
# classes and finds their classpath.
cd "$(dirname "${BASH_SOURCE[0]}")/.."

# build_test_classes MODULE: compiles MODULE's test classes and those of the modules it needs with
# the reactor (no install), and writes each one's test classpath to its target/bench-classpath.txt.
build_test_classes() {
  ./mvnw -B -q -pl "$1" -am test-compile \
    org.apache.maven.plugins:maven-dependency-plugin:3.9.0:build-classpath \
    -Dmdep.includeScope=test -Dmdep.outputFile=target/bench-classpath.txt >&2
}

# test_classpath MODULE: MODULE's test classes, its classes and its test classpath, as built.
test_classpath() {
  echo "$1/target/test-classes:$1/target/classes:$(cat "$1/target/bench-classpath.txt")"
}
