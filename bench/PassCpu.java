import dev.coroner.core.index.TranscriptPass;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The one pass on one thread, in CPU seconds: every *.jsonl under a folder (or one file) read by TranscriptPass.run,
 * ROUNDS times in one JVM; prints each round and the best, in MB per CPU second. Run against a built jar, so two
 * builds can be compared (bench/pass-cpu.sh alternates them):
 *   java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -cp app/target/coroner.jar bench/PassCpu.java PATH [ROUNDS]
 */
public final class PassCpu {
    public static void main(String[] args) throws Exception {
        Path root = Path.of(args[0]);
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        List<Path> files = new ArrayList<>();
        try (Stream<Path> s = Files.walk(root)) {
            s.filter(p -> Files.isRegularFile(p) && p.toString().endsWith(".jsonl")).sorted().forEach(files::add);
        }
        long bytes = 0;
        for (Path f : files) {
            bytes += Files.size(f);
        }
        ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
        double best = Double.MAX_VALUE;
        for (int r = 1; r <= rounds; r++) {
            long c0 = cpu.getCurrentThreadCpuTime();
            long rows = 0;
            for (Path f : files) {
                rows += TranscriptPass.run(f).size();
            }
            double s = (cpu.getCurrentThreadCpuTime() - c0) / 1e9;
            best = Math.min(best, s);
            System.out.printf("round %d: %,d files, %,d bytes, %,d rows, %.2f CPU s, %.0f MB per CPU s%n",
                    r, files.size(), bytes, rows, s, bytes / 1e6 / s);
        }
        System.out.printf("best: %.0f MB per CPU s%n", bytes / 1e6 / best);
    }
}
