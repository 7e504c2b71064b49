import type { JSX } from 'react';
import { Link } from 'react-router';
import type { ApiOutputs } from '../../trpc.js';
import { ResponsiveImage } from '../media/ResponsiveImage.js';
import { blogListPath, coverOf, postPath } from '../pages/blog-data.js';
import ui from '../ui/ui.module.css';
import classes from './blog.module.css';

/** A post as the blog's lists show it (no body). */
export type PostSummary = ApiOutputs['site']['posts']['data'][number];

/** A post's date as visitors read it ("28 Nov 2026"): the same on the server and in any browser's time zone. */
const DATE_FORMAT = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** When a post was published, and how long it takes to read: "28 Nov 2026 · 4 min read". */
export function PostDateline({ post, className }: { post: PostDatelineProps; className?: string }): JSX.Element {
  return (
    <p className={`${classes.dateline} ${className ?? ''}`}>
      <time dateTime={post.published_at}>{DATE_FORMAT.format(new Date(post.published_at))}</time>
      <span aria-hidden>·</span>
      <span>{`${post.reading_minutes} min read`}</span>
    </p>
  );
}

interface PostDatelineProps {
  published_at: string;
  reading_minutes: number;
}

/** A post's tags, each a link to the posts with that tag. */
export function PostTags({ tags, className }: { tags: readonly string[]; className?: string }): JSX.Element | null {
  if (tags.length === 0) return null;
  return (
    <ul className={`${ui.plainList} ${classes.tags} ${className ?? ''}`} aria-label="Tags">
      {tags.map((tag) => (
        <li key={tag}>
          <Link to={blogListPath({ tag, page: 1 })} className={classes.tag}>
            {tag}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** A post in a list: cover, tags, title (its link covers the card), date, reading time and excerpt. */
export function PostCard({ post, headingOrder = 3 }: { post: PostSummary; headingOrder?: 2 | 3 }): JSX.Element {
  const Heading = headingOrder === 2 ? 'h2' : 'h3';
  return (
    <article className={`${ui.card} ${classes.card}`}>
      <ResponsiveImage
        image={coverOf(post.image)}
        // The title says what the post is about; its cover adds nothing to read out.
        alt=""
        sizes="(min-width: 62em) 400px, (min-width: 48em) 50vw, 100vw"
        aspectRatio="3 / 2"
        fit="cover"
      />
      <div className={`${ui.cardBody} ${classes.cardBody}`}>
        <PostDateline post={post} />
        <Heading className={`${ui.title4} ${classes.cardTitle}`}>
          <Link to={postPath(post.slug)} className={classes.cardLink}>
            {post.title}
          </Link>
        </Heading>
        <p className={classes.excerpt}>{post.excerpt}</p>
        <PostTags tags={post.tags} className={classes.cardTags} />
      </div>
    </article>
  );
}
