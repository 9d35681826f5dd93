package dev.coroner.fleet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.coroner.fixtures.Fixtures;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The job on a real distributed file system: an in-process HDFS (Hadoop's MiniDFSCluster, Spark's Hadoop version) with
 * the fixtures copied in, judged on {@code hdfs://} paths through Hadoop's {@code FileSystem}: every row is the one
 * {@code coroner verdict --json} prints for the same file on the local disk, and its SHA-256 is the local file's.
 */
class FleetHdfsTest {
    private static final List<String> VERDICT_KEYS = List.of("state", "dead", "class", "api_status", "error", "reason",
            "kind", "trailing");

    @TempDir
    java.nio.file.Path dir;

    @Test
    void theFixturesOnHdfsGetTheCommandLinesVerdicts() throws Exception {
        Configuration conf = new Configuration();
        conf.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, dir.resolve("hdfs").toString());
        conf.set("dfs.namenode.http-address", "127.0.0.1:0");
        conf.set("dfs.datanode.http.address", "127.0.0.1:0");
        MiniDFSCluster cluster = new MiniDFSCluster.Builder(conf).numDataNodes(1).build();
        SparkSession spark = null;
        try {
            cluster.waitActive();
            FileSystem hdfs = cluster.getFileSystem();
            java.nio.file.Path local = Fixtures.root();
            hdfs.copyFromLocalFile(new Path(local.toUri()), new Path("/fixtures"));
            String root = hdfs.getUri() + "/fixtures";
            String out = hdfs.getUri() + "/out";

            spark = SparkSession.builder().master("local[2]").appName("fleet-hdfs")
                    .config("spark.ui.enabled", "false").config("spark.sql.shuffle.partitions", "2")
                    .config("spark.driver.host", "127.0.0.1").getOrCreate();
            FleetJob.run(spark, FleetJob.Options.parse(new String[] {"--format", "json", "--out", out, root}));

            Map<String, ObjectNode> fleet = new TreeMap<>();
            for (FileStatus part : hdfs.listStatus(new Path(out + "/runs"), p -> p.getName().startsWith("part-"))) {
                try (BufferedReader r = new BufferedReader(new InputStreamReader(hdfs.open(part.getPath()),
                        StandardCharsets.UTF_8))) {
                    for (String line = r.readLine(); line != null; line = r.readLine()) {
                        ObjectNode row = (ObjectNode) new com.fasterxml.jackson.databind.ObjectMapper().readTree(line);
                        String path = row.get("path").asText();
                        assertTrue(path.startsWith(root + "/"), path);
                        fleet.put(local.resolve(path.substring(root.length() + 1)).toString(), row);
                    }
                }
            }
            Map<String, ObjectNode> cli = FleetJobTest.verdictRows(local.toString());
            assertTrue(cli.size() > 100, "every fixture: " + cli.size());
            assertEquals(cli.keySet(), fleet.keySet(), "the same transcripts, found on HDFS");
            for (Map.Entry<String, ObjectNode> e : cli.entrySet()) {
                JsonNode got = fleet.get(e.getKey());
                for (String key : VERDICT_KEYS) {
                    assertEquals(e.getValue().get(key), got.get(key), e.getKey() + ": " + key);
                }
                byte[] bytes = Files.readAllBytes(java.nio.file.Path.of(e.getKey()));
                assertEquals(HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes)),
                        got.get("sha256").asText(), e.getKey());
            }
            assertTrue(hdfs.exists(new Path(out + "/summary.json")));
        } finally {
            if (spark != null) {
                spark.stop();
            }
            cluster.shutdown();
        }
    }
}
