import { useSuspenseQuery } from '@tanstack/react-query';
import { IconArrowLeft, IconArrowRight, IconNews, IconRss } from '@tabler/icons-react';
import { useId, type JSX } from 'react';
import { Link, useParams } from 'react-router';
import { useTrpc } from '../../trpc.js';
import { countOf } from '../../../../shared/words.js';
import { PostCard } from '../blog/PostCard.js';
import classes from '../blog/blog.module.css';
import { useCountryId } from '../country.js';
import { useSiteLayout } from '../useSiteLayout.js';
import ui from '../ui/ui.module.css';
import { blogFeedPath, blogListOf, blogListPath, postsQuery, postTagsQuery, type BlogList } from './blog-data.js';
import { ContentPage } from './ServicePage.js';
import type { SitePageProps } from './site-data.js';

/** Every tag with its number of posts; the one shown is the current one (the whole blog when none). */
function Topics({ list }: { list: BlogList }) {
  const trpc = useTrpc();
  const countryId = useCountryId();
  const tags = useSuspenseQuery(postTagsQuery(trpc, countryId)).data;
  if (tags.length === 0) return null;
  // The current list's first page is this very page, or the one it continues.
  const current = (tag: string | null) => (list.tag === tag ? (list.page === 1 ? 'page' : 'true') : undefined);
  return (
    <nav aria-label="Topics">
      <ul className={`${ui.plainList} ${classes.topics}`}>
        <li>
          <Link to={blogListPath({ tag: null, page: 1 })} className={classes.topic} aria-current={current(null)}>
            All posts
          </Link>
        </li>
        {tags.map(({ tag, count }) => (
          <li key={tag}>
            <Link to={blogListPath({ tag, page: 1 })} className={classes.topic} aria-current={current(tag)}>
              {tag}
              <span className={classes.count} aria-hidden>
                {count}
              </span>
              <span className={ui.visuallyHidden}>{`(${countOf(count, 'post')})`}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Newer and older posts of the same list, and where the visitor is in it. */
function Pager({ list, pageCount }: { list: BlogList; pageCount: number }) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label="Blog pages" className={classes.pager}>
      <span>
        {list.page > 1 ? (
          <Link to={blogListPath({ ...list, page: list.page - 1 })} rel="prev" className={ui.link}>
            <IconArrowLeft size={16} aria-hidden /> Newer posts
          </Link>
        ) : null}
      </span>
      <p>{`Page ${list.page} of ${pageCount}`}</p>
      <span className={classes.older}>
        {list.page < pageCount ? (
          <Link to={blogListPath({ ...list, page: list.page + 1 })} rel="next" className={ui.link}>
            Older posts <IconArrowRight size={16} aria-hidden />
          </Link>
        ) : null}
      </span>
    </nav>
  );
}

/** The blog before its first post. */
function NoPosts() {
  return (
    <div className={classes.empty}>
      <IconNews size={40} stroke={1.5} aria-hidden />
      <p className={ui.title4}>No posts yet</p>
      <p>
        Our counsellors are writing the first articles on studying, working and settling abroad. Check back soon, or
        follow the feed to hear when they are out.
      </p>
    </div>
  );
}

/** One page of the country's posts, newest first, with the topic filter, the pager and the feed. */
function Posts({ list }: { list: BlogList }) {
  const trpc = useTrpc();
  const countryId = useCountryId();
  const countryCode = useSiteLayout().country.code;
  const posts = useSuspenseQuery(postsQuery(trpc, countryId, list)).data;
  const headingId = useId();
  const heading = list.tag === null ? 'Latest posts' : `Posts tagged “${list.tag}”`;
  return (
    <section className={`${ui.container} ${ui.section}`} aria-labelledby={headingId}>
      <Topics list={list} />
      <div className={classes.listHeader}>
        <h2 className={ui.title2} id={headingId}>
          {list.page > 1 ? `${heading}, page ${list.page}` : heading}
        </h2>
        <a href={blogFeedPath({ countryId, countryCode })} className={classes.feedLink}>
          <IconRss size={16} aria-hidden />
          Subscribe to the feed
        </a>
      </div>
      {posts.data.length === 0 ? (
        <NoPosts />
      ) : (
        <div className={ui.grid3}>
          {posts.data.map((post) => (
            <PostCard key={post.id} post={post} />
          ))}
        </div>
      )}
      <Pager list={list} pageCount={posts.pagination.pageCount} />
    </section>
  );
}

/** The blog (spec §2): its posts, then its banners' highlights and text (`/blog`, `/blog/page/<n>`, `/blog/tag/<tag>`, …). */
export function BlogPage({ path }: SitePageProps): JSX.Element {
  const params = useParams();
  // The route's loader answered 404 for anything else.
  const list = blogListOf(params) ?? { tag: null, page: 1 };
  return (
    // The posts first: the page's text (what the blog is about) follows them.
    <ContentPage path={path} callToAction={false} lead={<Posts list={list} />} />
  );
}
