# shellcheck shell=bash
# Locates a JDK >= 25 for the launcher and CI. Source it, then call find_jdk: it prints the JDK's
# home directory, or prints what to install on stderr and returns 1.
#
# Order: $JAVA_HOME, then the system's JVM folder ($MONGOLAKE_JVM_DIR, default /usr/lib/jvm),
# newest first.

MONGOLAKE_MIN_JAVA=25

# Prints the feature release (17, 21, 25, ...) of the JDK at $1, or nothing if it is not a JDK.
jdk_feature_version() {
  local home=$1
  [ -x "$home/bin/java" ] && [ -x "$home/bin/javac" ] || return 0
  "$home/bin/java" -XshowSettings:properties -version 2>&1 \
    | sed -n 's/^ *java\.specification\.version = \([0-9][0-9]*\).*/\1/p' | head -n 1
}

find_jdk() {
  local candidate version java_home_version=
  if [ -n "${JAVA_HOME:-}" ]; then
    java_home_version=$(jdk_feature_version "$JAVA_HOME")
    version=$java_home_version
    if [ -n "$version" ] && [ "$version" -ge "$MONGOLAKE_MIN_JAVA" ]; then
      echo "$JAVA_HOME"
      return 0
    fi
  fi
  local jvm_dir=${MONGOLAKE_JVM_DIR:-/usr/lib/jvm}
  if [ -d "$jvm_dir" ]; then
    for candidate in $(ls -1d "$jvm_dir"/*/ 2>/dev/null | sort -rV); do
      candidate=${candidate%/}
      version=$(jdk_feature_version "$candidate")
      if [ -n "$version" ] && [ "$version" -ge "$MONGOLAKE_MIN_JAVA" ]; then
        echo "$candidate"
        return 0
      fi
    done
  fi
  {
    echo "MongoLake needs a JDK $MONGOLAKE_MIN_JAVA or newer, and none was found."
    if [ -n "${JAVA_HOME:-}" ]; then
      if [ -n "$java_home_version" ]; then
        echo "  JAVA_HOME=$JAVA_HOME is Java $java_home_version, which is too old."
      else
        echo "  JAVA_HOME=$JAVA_HOME is not a JDK (no bin/java and bin/javac)."
      fi
    fi
    echo "  Looked in: \$JAVA_HOME, $jvm_dir"
    echo "  Install a JDK $MONGOLAKE_MIN_JAVA (for example Eclipse Temurin 25: https://adoptium.net)"
    echo "  and set JAVA_HOME to it."
  } >&2
  return 1
}
