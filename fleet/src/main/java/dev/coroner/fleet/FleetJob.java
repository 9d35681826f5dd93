package dev.coroner.fleet;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.storage.StorageLevel;
import org.apache.spark.util.SerializableConfiguration;

/**
 * Coroner's one pass as an Apache Spark job (docs/FLEET.md): {@code spark-submit --class dev.coroner.fleet.FleetJob
 * coroner-fleet.jar INPUT… --out OUT}. Lists the transcripts under the inputs on the executors, judges each with the
 * command line's engine in partitions of about equal bytes, and writes {@code OUT/runs}, {@code OUT/findings} (Parquet,
 * or JSON lines with {@code --format json}) and {@code OUT/summary.json}.
 */
public final class FleetJob {
    static final String USAGE = "usage: coroner-fleet [--master URL] [--format parquet|json] [--grammar FILE] "
            + "[--partitions N] --out OUT INPUT…\n"
            + "  INPUT   a transcript, a folder (every *.jsonl under it) or a glob, on any Hadoop file system\n"
            + "          (hdfs://, s3a://, abfs://, file://; a plain path is the default file system's)\n"
            + "  --out   where runs/, findings/ and summary.json are written; must not hold them already";

    /** The job's arguments. */
    record Options(List<String> inputs, String out, String format, String master, String grammar, int partitions) {
        static Options parse(String[] args) {
            List<String> inputs = new ArrayList<>();
            String out = null;
            String format = "parquet";
            String master = null;
            String grammar = null;
            int partitions = 0;
            for (int i = 0; i < args.length; i++) {
                String a = args[i];
                switch (a) {
                    case "--out" -> out = value(args, ++i, a);
                    case "--format" -> format = value(args, ++i, a);
                    case "--master" -> master = value(args, ++i, a);
                    case "--grammar" -> grammar = value(args, ++i, a);
                    case "--partitions" -> partitions = Integer.parseInt(value(args, ++i, a));
                    default -> {
                        if (a.startsWith("--")) {
                            throw new IllegalArgumentException("unknown option " + a);
                        }
                        inputs.add(a);
                    }
                }
            }
            if (out == null || inputs.isEmpty()) {
                throw new IllegalArgumentException("--out and at least one INPUT are needed");
            }
            if (!format.equals("parquet") && !format.equals("json")) {
                throw new IllegalArgumentException("--format is parquet or json, not " + format);
            }
            return new Options(List.copyOf(inputs), out, format, master, grammar, partitions);
        }

        private static String value(String[] args, int i, String option) {
            if (i >= args.length) {
                throw new IllegalArgumentException(option + " needs a value");
            }
            return args[i];
        }
    }

    /** What a run wrote: how many transcripts, how many bytes, and the summary. */
    record Result(long transcripts, long bytes, Map<String, Object> summary) {
    }

    private FleetJob() {
    }

    public static void main(String[] args) {
        Options options;
        try {
            options = Options.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println("coroner-fleet: " + e.getMessage() + "\n" + USAGE);
            System.exit(2);
            return;
        }
        SparkSession.Builder builder = SparkSession.builder().appName("coroner-fleet");
        if (options.master() != null) {
            builder.master(options.master());
        }
        SparkSession spark = builder.getOrCreate();
        Result r;
        try {
            r = run(spark, options);
        } catch (IOException e) {
            // the output exists, or an input or the grammar cannot be read: one line, what to do is in it
            System.err.println("coroner-fleet: " + e.getMessage());
            spark.stop();
            System.exit(2);
            return;
        }
        spark.stop();
        PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        out.println(r.summary().get("total"));
        out.println("wrote " + options.out() + "/runs, " + options.out() + "/findings, " + options.out()
                + "/summary.json");
    }

    /** Runs the job on {@code spark}: the whole of it, for the launcher, spark-submit and the tests alike. */
    static Result run(SparkSession spark, Options options) throws IOException {
        JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
        Configuration hadoop = spark.sparkContext().hadoopConfiguration();
        Path out = new Path(options.out());
        FileSystem outFs = out.getFileSystem(hadoop);
        for (String part : List.of("runs", "findings", "summary.json")) {
            if (outFs.exists(new Path(out, part))) {
                throw new IOException(new Path(out, part) + " exists: choose another --out, or remove it");
            }
        }
        byte[] grammar = options.grammar() == null ? null : readAll(new Path(options.grammar()), hadoop);
        String grammarName = options.grammar();
        String version = version();
        Broadcast<SerializableConfiguration> conf = jsc.broadcast(new SerializableConfiguration(hadoop));

        JavaRDD<FleetListing.Listed> listed = FleetListing.list(jsc, options.inputs(), conf)
                .persist(StorageLevel.MEMORY_AND_DISK());
        long[] totals = listed.map(l -> new long[] {1, Math.max(0, l.size())})
                .fold(new long[] {0, 0}, (a, b) -> new long[] {a[0] + b[0], a[1] + b[1]});
        int partitions = options.partitions() > 0 ? options.partitions()
                : FleetListing.partitions(totals[0], totals[1], jsc.defaultParallelism());
        JavaRDD<TranscriptJudge.Judged> judged = FleetListing.balanced(listed, partitions)
                .mapPartitions(files -> judge(files, conf.value().value(), grammar, grammarName, version))
                .persist(StorageLevel.MEMORY_AND_DISK());

        if (options.format().equals("json")) {
            spark.createDataset(judged.map(TranscriptJudge.Judged::json).rdd(), Encoders.STRING())
                    .write().text(new Path(out, "runs").toString());
            spark.createDataFrame(judged.flatMap(j -> j.findings().iterator()), RunRow.FINDINGS)
                    .write().option("ignoreNullFields", "false").json(new Path(out, "findings").toString());
        } else {
            spark.createDataFrame(judged.map(TranscriptJudge.Judged::run), RunRow.RUNS)
                    .write().parquet(new Path(out, "runs").toString());
            spark.createDataFrame(judged.flatMap(j -> j.findings().iterator()), RunRow.FINDINGS)
                    .write().parquet(new Path(out, "findings").toString());
        }
        Map<FleetSummary.Counted, Long> counts = judged.map(TranscriptJudge.Judged::counted).countByValue();
        Map<String, Object> summary = FleetSummary.of(counts, totals[1], version);
        try (OutputStream s = outFs.create(new Path(out, "summary.json"), false)) {
            s.write((FleetJson.line(summary) + "\n").getBytes(StandardCharsets.UTF_8));
        }
        judged.unpersist();
        listed.unpersist();
        return new Result(totals[0], totals[1], summary);
    }

    /** One partition's transcripts judged one by one, as Spark pulls them: one judge, one grammar parse. */
    private static Iterator<TranscriptJudge.Judged> judge(Iterator<FleetListing.Listed> files, Configuration conf,
                                                          byte[] grammar, String grammarName, String version) {
        TranscriptJudge judge = new TranscriptJudge(conf, grammar, grammarName, version);
        return new Iterator<>() {
            @Override
            public boolean hasNext() {
                return files.hasNext();
            }

            @Override
            public TranscriptJudge.Judged next() {
                FleetListing.Listed f = files.next();
                return judge.judge(f.path(), f.size());
            }
        };
    }

    private static byte[] readAll(Path file, Configuration conf) throws IOException {
        try (InputStream in = file.getFileSystem(conf).open(file)) {
            return in.readAllBytes();
        }
    }

    /** The version of Coroner, as the build wrote it. */
    static String version() {
        Properties p = new Properties();
        try (InputStream in = FleetJob.class.getResourceAsStream("/dev/coroner/fleet/version.properties")) {
            if (in != null) {
                p.load(in);
            }
        } catch (IOException e) {
            // the version is then said to be unknown
        }
        return p.getProperty("version", "unknown");
    }
}
