package dev.coroner.fleet;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RemoteIterator;
import org.apache.spark.HashPartitioner;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.storage.StorageLevel;
import org.apache.spark.util.SerializableConfiguration;
import scala.Tuple2;

/**
 * Finds the transcripts under the inputs with a distributed listing, and deals them into partitions of about equal bytes
 * (docs/FLEET.md, "How the job runs"). Folders are listed by the executors one level at a time: a task lists its folders
 * and gives back their {@code *.jsonl} files and sub-folders; only the sub-folders come back to the driver for the next
 * level, never the files, so millions of transcripts are never held on the driver.
 */
final class FleetListing {
    /** A symbolic link that loops back to a folder above it is followed no deeper than this. */
    static final int MAX_DEPTH = 64;
    /** About how many bytes one partition judges. */
    static final long PARTITION_BYTES = 128L * 1024 * 1024;

    /** A transcript to judge: its qualified path, its size as listed (-1: not found), and whether it was named. */
    record Listed(String path, long size, boolean named) implements Serializable {
    }

    /** What listing one folder found: a transcript, or a folder to list next. */
    record Entry(String path, long size, boolean folder) implements Serializable {
    }

    private FleetListing() {
    }

    /**
     * Every transcript the inputs name: a file stands for itself (named, whatever its name); a folder or a glob for
     * every {@code *.jsonl} under it. An input that matches nothing is a named transcript of no size: its row says
     * "no such file", as the command line's does.
     */
    static JavaRDD<Listed> list(JavaSparkContext jsc, List<String> inputs, Broadcast<SerializableConfiguration> conf)
            throws IOException {
        Configuration hadoop = conf.value().value();
        List<Listed> named = new ArrayList<>();
        List<String> folders = new ArrayList<>();
        for (String input : inputs) {
            Path p = new Path(input);
            FileSystem fs = p.getFileSystem(hadoop);
            FileStatus[] matched = fs.globStatus(p);
            if (matched == null || matched.length == 0) {
                named.add(new Listed(fs.makeQualified(p).toString(), -1, true));
                continue;
            }
            for (FileStatus s : matched) {
                if (s.isDirectory()) {
                    folders.add(s.getPath().toString());
                } else {
                    named.add(new Listed(s.getPath().toString(), s.getLen(), true));
                }
            }
        }
        JavaRDD<Listed> all = jsc.parallelize(named, 1);
        int slices = Math.max(1, jsc.defaultParallelism());
        for (int depth = 0; !folders.isEmpty() && depth < MAX_DEPTH; depth++) {
            JavaRDD<Entry> level = jsc.parallelize(folders, Math.min(folders.size(), 4 * slices))
                    .flatMap(folder -> listOne(folder, conf.value().value()))
                    .persist(StorageLevel.MEMORY_AND_DISK());
            all = all.union(level.filter(e -> !e.folder()).map(e -> new Listed(e.path(), e.size(), false)));
            folders = level.filter(Entry::folder).map(Entry::path).collect();
        }
        return all;
    }

    /** The {@code *.jsonl} files and the sub-folders of one folder; a folder that cannot be listed gives nothing. */
    private static Iterator<Entry> listOne(String folder, Configuration conf) {
        List<Entry> out = new ArrayList<>();
        try {
            Path dir = new Path(folder);
            RemoteIterator<FileStatus> it = dir.getFileSystem(conf).listStatusIterator(dir);
            while (it.hasNext()) {
                FileStatus s = it.next();
                if (s.isDirectory()) {
                    out.add(new Entry(s.getPath().toString(), 0, true));
                } else if (s.getPath().getName().endsWith(".jsonl")) {
                    out.add(new Entry(s.getPath().toString(), s.getLen(), false));
                }
            }
        } catch (FileNotFoundException e) {
            // gone since its parent was listed
        } catch (IOException e) {
            org.slf4j.LoggerFactory.getLogger(FleetListing.class).warn("skipped {}: {}", folder, e.getMessage());
        }
        return out.iterator();
    }

    /**
     * {@code files} in partitions of about equal bytes: biggest first, dealt to the partitions back and forth
     * (0, 1, …, n-1, n-1, …, 0, …), so each partition gets one of the biggest, one of the next, and so on.
     *
     * @param partitions how many; see {@link #partitions}
     */
    static JavaRDD<Listed> balanced(JavaRDD<Listed> files, int partitions) {
        return files.sortBy(Listed::size, false, partitions)
                .zipWithIndex()
                .mapToPair(t -> new Tuple2<>(dealt(t._2(), partitions), t._1()))
                .partitionBy(new HashPartitioner(partitions))
                .values();
    }

    /** The partition of the {@code i}-th biggest file among {@code n} partitions, back and forth. */
    static int dealt(long i, int n) {
        long round = i / n;
        int at = (int) (i % n);
        return round % 2 == 0 ? at : n - 1 - at;
    }

    /** How many partitions {@code files} transcripts of {@code bytes} in all want: at least one per core. */
    static int partitions(long files, long bytes, int cores) {
        long byBytes = (bytes + PARTITION_BYTES - 1) / PARTITION_BYTES;
        return (int) Math.max(1, Math.min(files, Math.max(cores, byBytes)));
    }
}
