package dev.coroner.fleet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Partitions of about equal bytes: the biggest files dealt back and forth (docs/FLEET.md, "How the job runs"). */
class FleetBalanceTest {
    @ParameterizedTest
    @CsvSource({"4, 1000", "7, 5000", "2, 31"})
    void filesDealtBackAndForthGiveEachPartitionAboutTheSameBytes(int n, int files) {
        long[] sizes = new Random(n).longs(files, 1, 1L << 30).map(s -> s * s % (1L << 30)).sorted().toArray();
        long[] bytes = new long[n];
        long biggest = 0;
        for (int i = 0; i < files; i++) {
            long size = sizes[files - 1 - i]; // biggest first, as the job sorts them
            biggest = Math.max(biggest, size);
            bytes[FleetListing.dealt(i, n)] += size;
        }
        long min = Arrays.stream(bytes).min().orElseThrow();
        long max = Arrays.stream(bytes).max().orElseThrow();
        assertTrue(max - min <= biggest, "partitions differ by at most one file: " + Arrays.toString(bytes));
    }

    @ParameterizedTest
    @CsvSource({"0, 3", "1, 3", "4, 3", "5, 3"})
    void theTurnOfEachFileGoesBackAndForth(long i, int n) {
        int[] want = {0, 1, 2, 2, 1, 0};
        assertEquals(want[(int) (i % 6)], FleetListing.dealt(i, n));
    }

    @ParameterizedTest
    @CsvSource({"10, 1000, 4, 4", "3, 1000, 4, 3", "1000000, 1099511627776, 8, 8192", "0, 0, 4, 1"})
    void atLeastOnePartitionPerCoreAndOnePer128MiB(long files, long bytes, int cores, int want) {
        assertEquals(want, FleetListing.partitions(files, bytes, cores));
    }
}
