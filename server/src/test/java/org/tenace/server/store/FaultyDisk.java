package org.tenace.server.store;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A store whose journal's disk fails on demand: while {@code failing} is set, a write puts half
 * its bytes in the file (a torn record, the worst case) and then throws, as a full disk does.
 */
public final class FaultyDisk {
  private final AtomicBoolean failing;
  private final AtomicInteger forces;

  /** A disk that fails while {@code failing} is set, counting in {@code forces} its forces. */
  private FaultyDisk(AtomicBoolean failing, AtomicInteger forces) {
    this.failing = failing;
    this.forces = forces;
  }

  public static EventStore open(String jdbcUrl, Path journal, AtomicBoolean failing) {
    return EventStore.open(jdbcUrl, Optional.of(journal),
        new FaultyDisk(failing, new AtomicInteger())::channel);
  }

  static Journal journal(Path dir, AtomicBoolean failing) {
    return Journal.open(dir, new FaultyDisk(failing, new AtomicInteger())::channel, false);
  }

  /** A sound journal that counts the forces to disk it asks for. */
  static Journal counted(Path dir, boolean sync, AtomicInteger forces) {
    return Journal.open(dir, new FaultyDisk(new AtomicBoolean(), forces)::channel, sync);
  }

  /** {@code real}, on this disk. */
  private FileChannel channel(FileChannel real) {
    return new Channel(real);
  }

  /** Delegates to a real channel; writes fail while the disk's {@code failing} is set. */
  private final class Channel extends FileChannel {
    private final FileChannel real;

    Channel(FileChannel real) {
      this.real = real;
    }

    @Override
    public int write(ByteBuffer src) throws IOException {
      if (failing.get()) {
        ByteBuffer half = src.duplicate();
        half.limit(src.position() + src.remaining() / 2);
        real.write(half);
        throw new IOException("No space left on device");
      }
      return real.write(src);
    }

    @Override
    public long write(ByteBuffer[] srcs, int offset, int length) throws IOException {
      if (failing.get()) {
        throw new IOException("No space left on device");
      }
      return real.write(srcs, offset, length);
    }

    @Override
    public int write(ByteBuffer src, long position) throws IOException {
      if (failing.get()) {
        throw new IOException("No space left on device");
      }
      return real.write(src, position);
    }

    @Override
    public int read(ByteBuffer dst) throws IOException {
      return real.read(dst);
    }

    @Override
    public long read(ByteBuffer[] dsts, int offset, int length) throws IOException {
      return real.read(dsts, offset, length);
    }

    @Override
    public int read(ByteBuffer dst, long position) throws IOException {
      return real.read(dst, position);
    }

    @Override
    public long position() throws IOException {
      return real.position();
    }

    @Override
    public FileChannel position(long newPosition) throws IOException {
      real.position(newPosition);
      return this;
    }

    @Override
    public long size() throws IOException {
      return real.size();
    }

    @Override
    public FileChannel truncate(long size) throws IOException {
      real.truncate(size);
      return this;
    }

    @Override
    public void force(boolean metaData) throws IOException {
      forces.incrementAndGet();
      real.force(metaData);
    }

    @Override
    public long transferTo(long position, long count, WritableByteChannel target)
        throws IOException {
      return real.transferTo(position, count, target);
    }

    @Override
    public long transferFrom(ReadableByteChannel src, long position, long count)
        throws IOException {
      return real.transferFrom(src, position, count);
    }

    @Override
    public MappedByteBuffer map(MapMode mode, long position, long size) throws IOException {
      return real.map(mode, position, size);
    }

    @Override
    public FileLock lock(long position, long size, boolean shared) throws IOException {
      return real.lock(position, size, shared);
    }

    @Override
    public FileLock tryLock(long position, long size, boolean shared) throws IOException {
      return real.tryLock(position, size, shared);
    }

    @Override
    protected void implCloseChannel() throws IOException {
      real.close();
    }
  }
}
