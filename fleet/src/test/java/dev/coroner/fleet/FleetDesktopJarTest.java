package dev.coroner.fleet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarFile;
import org.junit.jupiter.api.Test;

/**
 * Spark stays out of the desktop: the command line's and window's jar ({@code app/target/coroner.jar}, built before this
 * module) holds no Spark, Hadoop or Scala class, and the fleet's own jar holds none either (the cluster provides them).
 */
class FleetDesktopJarTest {
    private static final List<String> CLUSTER = List.of("org/apache/spark/", "org/apache/hadoop/", "scala/",
            "org/apache/parquet/");

    @Test
    void theDesktopJarHoldsNoSparkOrHadoopClass() throws IOException {
        Path jar = Path.of(System.getProperty("coroner.app.jar", "../app/target/coroner.jar"));
        assertTrue(Files.isRegularFile(jar), jar + " is built before the fleet module: run the reactor (-am)");
        assertEquals(List.of(), clusterClasses(jar));
        assertTrue(classes(jar) > 1000, "a real jar of Coroner's classes");
    }

    private static List<String> clusterClasses(Path jar) throws IOException {
        try (JarFile j = new JarFile(jar.toFile())) {
            return j.stream().map(e -> e.getName()).filter(n -> CLUSTER.stream().anyMatch(n::startsWith))
                    .limit(10).toList();
        }
    }

    private static long classes(Path jar) throws IOException {
        try (JarFile j = new JarFile(jar.toFile())) {
            return j.stream().filter(e -> e.getName().endsWith(".class")).count();
        }
    }
}
